/**
 * What the page shows of the preview, from the worker's answers. The worker answers in order; an answer to a read
 * that a newer read replaced is dropped, and so is an answer to a plan that a newer plan or read replaced.
 */
import type { PreviewResponse } from './preview';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'reading' }
  | (Extract<PreviewResponse, { type: 'read' }> & { status: 'ready' })
  | (Extract<PreviewResponse, { type: 'refused' }> & { status: 'refused' })
  | { status: 'failed'; message: string };

export class PreviewSequence {
  private seq = 0;
  private lastRead = 0;
  private lastPlan = 0;

  /** The number of a new request. */
  next(type: 'read' | 'plan' | 'clear'): number {
    this.seq += 1;
    if (type === 'plan') this.lastPlan = this.seq;
    else this.lastRead = this.seq;
    return this.seq;
  }

  /** Whether a source was asked to be read (a plan before any read has nothing to plan). */
  get hasRead() {
    return this.lastRead > 0;
  }

  /** The state after an answer: unchanged when the answer is stale. */
  apply(state: PreviewState, answer: PreviewResponse): PreviewState {
    if (answer.type === 'plan')
      return answer.seq === this.lastPlan && answer.seq > this.lastRead && state.status === 'ready'
        ? { ...state, plan: answer.plan }
        : state;
    if (answer.seq !== this.lastRead) return state;
    if (answer.type === 'read') return { ...answer, status: 'ready' };
    if (answer.type === 'refused') return { ...answer, status: 'refused' };
    return { status: 'failed', message: answer.message };
  }
}
