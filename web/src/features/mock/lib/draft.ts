/**
 * The mock editor's working copy of a document's mock settings. The server keeps one body; the editor keeps one
 * per type that has a body, so switching types back and forth loses nothing typed before the save. A type not yet
 * shown in this session starts with the body in use when it fits that type, else with the type's starter body
 * (as the server's type switch does).
 */
import {
  STARTER_BODIES,
  type MockConfigView,
  type MockExpectation,
  type MockHeader,
  type MockSettings,
  type MockType,
} from '@shared/schemas/mock';
import { randomToken } from '../../../lib/random-token';
import { bodyProblems, type BodyKind } from './body-check';

const BODY_TYPES = ['static', 'template', 'script'] as const satisfies readonly BodyKind[];
type BodyType = (typeof BODY_TYPES)[number];
export const hasBody = (type: MockType): type is BodyType => (BODY_TYPES as readonly string[]).includes(type);

export interface MockDraft {
  type: MockType;
  bodies: Partial<Record<BodyType, string>>;
  /** The body saved while the type has none (off, auto): that of the last type with a body. */
  bodyType: BodyType;
  /** Null while the field is empty: the server's default (200, 0 ms) applies. */
  status: number | null;
  delay: number | null;
  headers: MockHeader[];
  expectations: MockExpectation[];
}

const fits = (type: BodyType, text: string) => text.trim() !== '' && bodyProblems(type, text).length === 0;

/** The type a body saved under `off` or `auto` was written for, as far as its text tells. */
function kindOfBody(text: string): BodyType {
  if (fits('static', text)) return /\|[^"]*"\s*:|"@/.test(text) && fits('template', text) ? 'template' : 'static';
  return text.trim() ? 'script' : 'static';
}

export function draftOf(view: Pick<MockConfigView, 'type' | 'body' | 'status' | 'delay' | 'headers' | 'expectations'>): MockDraft {
  const bodyType = hasBody(view.type) ? view.type : kindOfBody(view.body);
  return {
    type: view.type,
    // An empty body saved under a type without one is nothing typed: the type chosen next gets its starter.
    bodies: hasBody(view.type) || view.body !== '' ? { [bodyType]: view.body } : {},
    bodyType,
    status: view.status,
    delay: view.delay,
    headers: view.headers.map((h) => ({ ...h })),
    expectations: view.expectations.map((e) => ({
      ...e,
      conditions: e.conditions.map((c) => ({ ...c })),
      headers: e.headers.map((h) => ({ ...h })),
    })),
  };
}

export const bodyOf = (draft: MockDraft, type: BodyType = draft.bodyType) => draft.bodies[type] ?? '';

export function withType(draft: MockDraft, type: MockType): MockDraft {
  if (!hasBody(type)) return { ...draft, type };
  if (draft.bodies[type] !== undefined) return { ...draft, type, bodyType: type };
  const current = bodyOf(draft);
  return { ...draft, type, bodyType: type, bodies: { ...draft.bodies, [type]: fits(type, current) ? current : STARTER_BODIES[type] } };
}

export const withBody = (draft: MockDraft, text: string): MockDraft => ({ ...draft, bodies: { ...draft.bodies, [draft.bodyType]: text } });

/** What a save sends besides the project and document ids. */
export function settingsOf(draft: MockDraft): Omit<MockSettings, 'status' | 'delay'> & { status?: number; delay?: number } {
  return {
    type: draft.type,
    body: bodyOf(draft),
    ...(draft.status === null ? {} : { status: draft.status }),
    ...(draft.delay === null ? {} : { delay: draft.delay }),
    headers: draft.headers,
    expectations: draft.expectations,
  };
}

export const sameSettings = (a: MockDraft, b: MockDraft) => JSON.stringify(settingsOf(a)) === JSON.stringify(settingsOf(b));

export function newExpectation(): MockExpectation {
  return {
    id: randomToken(16),
    name: '',
    enabled: true,
    conditions: [],
    status: 200,
    headers: [],
    bodyType: 'static',
    body: '{}',
    delay: 0,
  };
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A 45002 answer names fields by their path in the saved settings (`expectations.2.conditions.0.value`): those
 * below `prefix`, with the prefix taken off.
 */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith(`${prefix}.`)) out[field.slice(prefix.length + 1)] = message;
  }
  return out;
}
