/**
 * The compatibility bench's planted changes (issue 35): a copy of a state with at least one change of each check the
 * planter knows, 200 in all, each on an operation of its own, recorded as planted (check id and document id), so a
 * report's recall and precision can be counted. Used by the engine's own run and by the API/CLI/browser run.
 */
import { CHECKS, SUBJECTS, type Subject } from '../../shared/compat/checks';
import { RULE_FIXTURES } from '../../shared/compat/fixtures';
import type { CompatReport, ProjectState, StateDocument } from '../../shared/compat/types';
import { newResponse } from '../../shared/schemas/api-content';
import type { ApiContent, ParamItem } from '../../shared/schemas/document';
import { paramRow } from '../../shared/schemas/param-row';

type Api = Extract<StateDocument, { type: 'api' }>;
export const PLANTS = 200;

export interface Planted {
  id: string;
  docId: string;
}

/** `after` is a changed copy of `before`; `before` gets the fixtures' older sides planted into it too. */
export function plantChanges(before: ProjectState): { after: ProjectState; planted: Planted[] } {
  const after: ProjectState = structuredClone(before);
  const apisOf = (s: ProjectState) => s.documents.filter((d): d is Api => d.type === 'api');
  const olds = apisOf(before);
  const news = apisOf(after);

  /** What was planted: a check on an operation (by document id). */
  const planted: { id: string; docId: string }[] = [];
  let next = 0;
  /** The next operation with nothing planted yet, both copies of it. */
  const operation = () => {
    const i = next++;
    if (i >= olds.length) throw new Error('more plants than operations');
    return { old: olds[i]!.content, now: news[i]!.content, docId: olds[i]!.id };
  };
  const plant = (id: string, docId: string) => planted.push({ id, docId });

  /** A field in a subject's place, on both copies: as the fixture's before on the old, its after on the new. */
  function plantRule(subject: Subject, suffix: string) {
    const [a, b] = RULE_FIXTURES[suffix]!;
    const { old, now, docId } = operation();
    const place = (c: ApiContent, row: ParamItem) => {
      if (subject === 'request-parameter') c.reqQuery.push(row);
      else if (subject === 'request-property') {
        // A body of its own, so nothing else of it is compared.
        c.requestType = 'json';
        c.reqBody = [row];
      } else c.responses = [...c.responses.filter((r) => r.status !== '299'), { ...newResponse('299'), body: [row] }];
    };
    place(old, paramRow('planted', 'string', structuredClone(a)));
    place(now, paramRow('planted', 'string', structuredClone(b)));
    plant(`${subject}-${suffix}`, docId);
  }

  {
    for (const subject of Object.keys(SUBJECTS) as Subject[]) for (const suffix of Object.keys(RULE_FIXTURES)) plantRule(subject, suffix);
    // The operation-level checks, one operation each.
    let o = operation();
    after.documents = after.documents.filter((d) => d.id !== o.docId);
    plant(o.old.status === 'deprecated' ? 'api-removed-with-deprecation' : 'api-removed-without-deprecation', o.docId);
    o = operation();
    o.now.status = 'deprecated';
    plant('endpoint-deprecated', o.docId);
    o = operation();
    o.now.path = `${o.now.path}/moved`;
    plant('api-moved', o.docId);
    o = operation();
    o.old.security = [];
    o.now.security = [{ oauth: ['repo'] }];
    plant('api-security-added', o.docId);
    o = operation();
    o.old.responses.push(newResponse('203'));
    plant('response-success-status-removed', o.docId);
    o = operation();
    o.now.reqQuery.push(paramRow('planted_required', 'string', { required: true }));
    plant('new-required-request-parameter', o.docId);
    o = operation();
    o.old.reqHeaders.push(paramRow('X-Planted', 'string'));
    plant('request-parameter-removed', o.docId);
    o = operation();
    o.old.responses.push({ ...newResponse('298'), headers: [paramRow('X-Planted', 'string', { required: true })] });
    o.now.responses.push(newResponse('298'));
    plant('required-response-header-removed', o.docId);
    // The rest of the 200: the breaking schema rules again, on further operations.
    const breaking = (Object.keys(SUBJECTS) as Subject[]).flatMap((subject) =>
      Object.keys(RULE_FIXTURES)
        .filter((suffix) => CHECKS.get(`${subject}-${suffix}`)?.severity === 'error')
        .map((suffix) => [subject, suffix] as const),
    );
    for (let i = 0; planted.length < PLANTS; i++) plantRule(...breaking[i % breaking.length]!);
  }
  return { after, planted };
}

/** Recall and precision of a report on the planted set: each planted change found with its id on its operation. */
export function scorePlanted(report: Pick<CompatReport, 'findings' | 'changes'>, planted: Planted[]) {
  const found = [...report.findings, ...report.changes].map((f) => ({
    id: f.id,
    docId: f.operation?.before?.docId ?? f.operation?.after?.docId ?? '',
  }));
  const key = (p: Planted) => `${p.id}|${p.docId}`;
  const foundKeys = new Set(found.map(key));
  const plantedKeys = new Set(planted.map(key));
  const correct = found.filter((f) => plantedKeys.has(key(f))).length;
  return {
    reported: found.length,
    recall: planted.filter((p) => foundKeys.has(key(p))).length / planted.length,
    precision: found.length ? correct / found.length : 1,
    missed: planted.filter((p) => !foundKeys.has(key(p))).slice(0, 10),
    unexpected: found.filter((f) => !plantedKeys.has(key(f))).slice(0, 10),
  };
}
