/** A browser run's Web Worker (issue 36): the scenario engine off the page's main thread (./run-worker-core.ts). */
import { serveScenarioRuns } from './run-worker-core';

serveScenarioRuns(self);
