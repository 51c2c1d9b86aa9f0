import { describe, expect, it } from 'vitest';
import { apiContentV2 } from '@shared/schemas/document';
import { blankDraft, draftFromApi } from './draft';
import { apiContentFromDraft } from './to-document';

describe('apiContentFromDraft', () => {
  it('keeps method, address, enabled rows and the body, with variables as written, as valid API content', () => {
    const draft = {
      ...blankDraft(),
      method: 'POST' as const,
      url: '{{base}}/login/{id}',
      pathParams: [{ name: 'id', value: '7', enabled: true }],
      query: [
        { name: 'q', value: '1', enabled: true },
        { name: 'off', value: '', enabled: false },
      ],
      headers: [{ name: 'Authorization', value: 'Bearer {{token}}', enabled: true }],
      bodyType: 'json' as const,
      bodyText: '{"user":"ann"}',
    };
    const content = apiContentV2.parse(
      apiContentFromDraft(draft, {
        description: 'From the test page',
        paramsFromJson: () => [{ id: 'a', name: 'user', type: 'string', required: false, value: 'ann', description: '', children: [] }],
      }),
    );
    expect(content).toMatchObject({
      method: 'POST',
      path: '{{base}}/login/{id}',
      description: 'From the test page',
      requestType: 'json',
      reqPath: [{ name: 'id', value: '7' }],
      reqQuery: [{ name: 'q', value: '1' }],
      reqHeaders: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
      reqBody: [{ name: 'user', value: 'ann' }],
      reqExamples: [{ value: '{"user":"ann"}' }],
    });
    expect(content.reqQuery).toHaveLength(1);
    // Read back, the document gives the same request.
    const again = draftFromApi(content);
    expect(again.url).toBe(draft.url);
    expect(again.bodyText).toBe(draft.bodyText);
  });

  it('a multipart body keeps its file rows as file parameters, without their bytes', () => {
    const file = { fileName: 'a.png', contentType: 'image/png', base64: 'AAAA' };
    const content = apiContentFromDraft(
      {
        ...blankDraft(),
        url: 'https://h/up',
        bodyType: 'form-data',
        form: [
          { name: 'f', value: '', enabled: true, isFile: true, file },
          { name: 't', value: 'x', enabled: true },
        ],
      },
      { description: 'd' },
    );
    expect(content.reqBody.map((p) => [p.name, p.type, p.value])).toEqual([
      ['f', 'file', ''],
      ['t', 'string', 'x'],
    ]);
    expect(JSON.stringify(content)).not.toContain('AAAA');
  });
});
