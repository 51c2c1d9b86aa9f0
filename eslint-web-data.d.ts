import type { Linter } from 'eslint';

export declare const webData: Linter.Config[];
