import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_DOCUMENTS, PROJECT_MAX_DOCUMENTS } from '@shared/constants';
import { translate } from '@shared/messages';
import { importCapRefusal, projectCapRefusal } from './caps';

describe('document caps', () => {
  it('refuses a file with more documents than one import may bring, saying both numbers in zh and en', () => {
    expect(importCapRefusal(IMPORT_MAX_DOCUMENTS)).toBeUndefined();
    const refusal = importCapRefusal(20_000)!;
    expect(refusal).toEqual({ key: 'importTooManyDocuments', params: { max: IMPORT_MAX_DOCUMENTS, count: 20_000 } });
    expect(translate('zh', `error.${refusal.key}`, refusal.params)).toContain(`最多 ${IMPORT_MAX_DOCUMENTS} 个文档，该文件有 20000 个`);
    expect(translate('en', `error.${refusal.key}`, refusal.params)).toContain(
      `at most ${IMPORT_MAX_DOCUMENTS} documents and this file has 20000`,
    );
  });

  it('refuses an import that would take the project past its cap, not one that keeps or shrinks it', () => {
    expect(projectCapRefusal({ existing: PROJECT_MAX_DOCUMENTS - 10, created: 10, deleted: 0 })).toBeUndefined();
    const refusal = projectCapRefusal({ existing: PROJECT_MAX_DOCUMENTS - 10, created: 11, deleted: 0 })!;
    expect(refusal.params).toEqual({ max: PROJECT_MAX_DOCUMENTS, existing: PROJECT_MAX_DOCUMENTS - 10, total: PROJECT_MAX_DOCUMENTS + 1 });
    expect(translate('en', `error.${refusal.key}`, refusal.params)).toContain(`it has ${PROJECT_MAX_DOCUMENTS - 10}`);
    expect(projectCapRefusal({ existing: PROJECT_MAX_DOCUMENTS + 5, created: 3, deleted: 3 })).toBeUndefined();
    expect(projectCapRefusal({ existing: PROJECT_MAX_DOCUMENTS + 5, created: 4, deleted: 3 })).toBeDefined();
  });
});
