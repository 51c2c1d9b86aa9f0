/**
 * Images and attachments end to end on s3rver: ticket, PUT to the presigned URL (as the browser does), finish,
 * and reading the file back through /files/ with the headers CloudFront adds. s3rver does not check V4
 * signatures, so what S3 would refuse at PUT time (functions/data/uploads.test.ts) is refused here at finish.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { FILE_RESPONSE_HEADERS } from '@shared/files';
import type { RouteRequest } from '@shared/routes';
import { keys } from '../../functions/data/keys';
import { s3 } from '../../functions/data/s3';
import { runPurge } from '../../functions/domain/project-purge';
import { invalid, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => {
  const b = new Uint8Array(size);
  b.set(PNG_HEAD);
  return b;
};
const text = (s: string) => new TextEncoder().encode(s);

async function setup() {
  const user = await signUp('Uploader');
  const project = (await api.call('project.create', { token: user.token, body: { name: 'Files' } })).data;
  const ticket = (body: RouteRequest<'project.attachment'>['body'], headers: Record<string, string> = {}) =>
    api.call('project.attachment', { params: { id: project.id }, token: user.token, body, headers });
  const finish = (fileId: string, body: RouteRequest<'project.attachmentFinish'>['body']) =>
    api.call('project.attachmentFinish', { params: { id: project.id, fileId }, token: user.token, body });
  /** The browser's three steps; `bytes` may differ from what was announced. */
  async function upload(
    kind: 'image' | 'attachment',
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    opts: { contentType?: string; announce?: number } = {},
  ) {
    const t = await ticket({ kind, name, size: opts.announce ?? bytes.length, contentType: opts.contentType ?? 'image/png' });
    expect(t.code, t.message).toBe(0);
    const put = await fetch(t.data.url, { method: 'PUT', headers: t.data.headers, body: bytes });
    expect(put.status).toBe(200);
    return { fileId: t.data.fileId, finished: await finish(t.data.fileId, { kind, name }) };
  }
  const fetchFile = (url: string) => fetch(`${api.url()}${url}`);
  return { ...user, project, ticket, finish, upload, fetchFile };
}

async function objectExists(key: string) {
  try {
    await (await s3()).send(new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('images', () => {
  it('upload through a presigned PUT, are checked, and are served inline, inert and immutable', async () => {
    const { upload, fetchFile, project } = await setup();
    const bytes = png(2_000);
    const { fileId, finished } = await upload('image', 'diagram.png', bytes);
    expect(finished.code, finished.message).toBe(0);
    expect(finished.data).toEqual({
      fileId,
      kind: 'image',
      name: 'diagram.png',
      size: 2_000,
      contentType: 'image/png',
      url: `/files/${project.id}/${fileId}`,
    });
    const res = await fetchFile(finished.data.url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="diagram.png"/);
    for (const [name, value] of Object.entries(FILE_RESPONSE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    // The unchecked upload is gone; only the published copy remains.
    expect(await objectExists(keys.pendingUpload(project.id, fileId))).toBe(false);
    expect(await objectExists(keys.fileObject(project.id, fileId))).toBe(true);
  });

  it('may be 500 KB; 500 KB + 1 byte is refused before any upload, with the spec message', async () => {
    const { ticket } = await setup();
    expect((await ticket({ kind: 'image', name: 'a.png', size: 500 * 1024, contentType: 'image/png' })).code).toBe(0);
    const zh = await ticket({ kind: 'image', name: 'a.png', size: 500 * 1024 + 1, contentType: 'image/png' });
    expect(zh).toMatchObject({ code: ERRORS.imageTooLarge.code, message: '图片大小超过500KB' });
    const en = await ticket({ kind: 'image', name: 'a.png', size: 500 * 1024 + 1, contentType: 'image/png' }, { 'accept-language': 'en' });
    expect(en.message).toBe('image size exceeds 500KB');
  });

  it('that grew past the announced size (S3 would refuse the PUT) are refused at finish and deleted', async () => {
    const { upload, fetchFile, project } = await setup();
    const { fileId, finished } = await upload('image', 'big.png', png(500 * 1024 + 1), { announce: 500 * 1024 });
    expect(finished.code).toBe(ERRORS.imageTooLarge.code);
    expect(await objectExists(keys.pendingUpload(project.id, fileId))).toBe(false);
    expect((await fetchFile(`/files/${project.id}/${fileId}`)).status).toBe(404);
  });

  it('are recognised by their bytes: markup named .png is refused and never served', async () => {
    const { upload, fetchFile, project } = await setup();
    const { fileId, finished } = await upload('image', 'cat.png', text('<html><script>alert(1)</script></html>'));
    expect(finished.code).toBe(ERRORS.fileTypeRefused.code);
    expect((await fetchFile(`/files/${project.id}/${fileId}`)).status).toBe(404);
    expect(await objectExists(keys.pendingUpload(project.id, fileId))).toBe(false);
  });

  it('never include SVG, which can carry script', async () => {
    const { ticket } = await setup();
    expect((await ticket({ kind: 'image', name: 'x.svg', size: 100, contentType: 'image/svg+xml' })).code).toBe(
      ERRORS.fileTypeRefused.code,
    );
  });
});

describe('attachments', () => {
  it('of any type download under their name and can never run as a page', async () => {
    const { upload, fetchFile } = await setup();
    const { finished } = await upload('attachment', '说明 <b>.html', text('<html><script>document.title="pwned"</script></html>'), {
      contentType: 'text/html',
    });
    expect(finished.code, finished.message).toBe(0);
    expect(finished.data).toMatchObject({ kind: 'attachment', name: '说明 <b>.html', contentType: 'application/octet-stream' });
    const res = await fetchFile(finished.data.url);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="__ <b>.html"; filename*=UTF-8''${encodeURIComponent('说明 <b>.html')}`,
    );
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keep a recognised type', async () => {
    const { upload } = await setup();
    const { finished } = await upload('attachment', 'spec.pdf', text('%PDF-1.7\n...'), { contentType: 'application/pdf' });
    expect(finished.data.contentType).toBe('application/pdf');
  });

  it('may be 10 MB; one byte more is refused', async () => {
    const { ticket } = await setup();
    expect((await ticket({ kind: 'attachment', name: 'a.zip', size: 10 * 1024 * 1024 })).code).toBe(0);
    expect(await ticket({ kind: 'attachment', name: 'a.zip', size: 10 * 1024 * 1024 + 1 })).toMatchObject({
      code: ERRORS.attachmentTooLarge.code,
      message: '附件大小不能超过10M',
    });
  });
});

describe('finishing', () => {
  it('without an upload says so; repeating a finished one answers with the same file', async () => {
    const { ticket, finish, upload } = await setup();
    const t = await ticket({ kind: 'image', name: 'a.png', size: 100, contentType: 'image/png' });
    expect((await finish(t.data.fileId, { kind: 'image', name: 'a.png' })).code).toBe(ERRORS.uploadMissing.code);
    const { fileId, finished } = await upload('image', 'b.png', png(100));
    const again = await finish(fileId, { kind: 'image', name: 'b.png' });
    expect(again.code).toBe(0);
    expect(again.data).toEqual(finished.data);
  });

  it('validates the request at the edge', async () => {
    const { ticket, finish } = await setup();
    expect((await ticket(invalid({ kind: 'video', name: 'a', size: 1 }))).code).toBe(ERRORS.invalidInput.code);
    expect((await ticket({ kind: 'image', name: '', size: 1, contentType: 'image/png' })).code).toBe(ERRORS.invalidInput.code);
    expect((await ticket({ kind: 'image', name: 'a', size: 0, contentType: 'image/png' })).code).toBe(ERRORS.invalidInput.code);
    expect((await finish('not-a-file-id', { kind: 'image', name: 'a' })).code).toBe(ERRORS.invalidInput.code);
  });
});

describe('files of a project', () => {
  it('go with a clone, whose documents point at its own copies', async () => {
    const { upload, token, project, fetchFile } = await setup();
    const { finished } = await upload('image', 'c.png', png(300));
    const doc = await api.call('document.create', {
      token,
      body: { projectId: project.id, type: 'richtext', name: 'With image', content: { html: `<p><img src="${finished.data.url}"></p>` } },
    });
    expect(doc.code).toBe(0);
    const clone = await api.call('project.clone', { params: { id: project.id }, token, query: { name: 'Copy' } });
    expect(clone.code, clone.message).toBe(0);
    const tree = await api.call('document.tree', { params: { projectId: clone.data.id }, token });
    const copied = await api.call('document.get', { params: { id: tree.data[0]!.id }, token });
    const src = /src="([^"]+)"/.exec((copied.data.content as { html: string }).html)?.[1] ?? '';
    expect(src).toBe(finished.data.url.replace(project.id, clone.data.id));
    expect((await fetchFile(src)).status).toBe(200);
  });

  it('are not served while their project is in the recycle bin, and are again once it is restored', async () => {
    const { upload, fetchFile, project, token } = await setup();
    const { finished } = await upload('image', 'diagram.png', png(1_000));
    expect((await fetchFile(finished.data.url)).status).toBe(200);
    expect((await api.call('project.recycle', { params: { id: project.id }, token })).code).toBe(0);
    const binned = await fetchFile(finished.data.url);
    expect(binned.status).toBe(404);
    expect(await binned.text()).not.toContain('PNG');
    // The object itself stays (restore brings it back): only its serving is withheld.
    expect(await objectExists(keys.fileObject(project.id, finished.data.fileId))).toBe(true);
    expect((await api.call('project.recyclerRevert', { params: { id: project.id }, token })).code).toBe(0);
    const restored = await fetchFile(finished.data.url);
    expect(restored.status).toBe(200);
    expect(new Uint8Array(await restored.arrayBuffer()).slice(0, 8)).toEqual(new Uint8Array(PNG_HEAD));
  });

  it('are not served for other paths of the bucket', async () => {
    const { fetchFile, project } = await setup();
    for (const path of [`/files/${project.id}`, `/files/${project.id}/documents`, `/files/${project.id}/../../uploads/x`]) {
      expect((await fetchFile(path)).status, path).toBe(404);
    }
  });
});

describe('hostile uploads', () => {
  it('a zero-byte body is refused with a clear error, not a system error, and nothing is published', async () => {
    const { upload, project } = await setup();
    const { fileId, finished } = await upload('attachment', 'empty.txt', new Uint8Array(0), { announce: 1, contentType: 'text/plain' });
    expect(finished.code, finished.message).toBe(ERRORS.uploadMissing.code);
    expect(await objectExists(keys.fileObject(project.id, fileId))).toBe(false);
  });

  it('file names lose bidi overrides, and names with control characters are refused', async () => {
    const { upload, ticket } = await setup();
    const { finished } = await upload('attachment', 'invoice\u202egnp.exe', text('MZ binary'), { contentType: 'application/octet-stream' });
    expect(finished.code, finished.message).toBe(0);
    expect(finished.data.name).toBe('invoicegnp.exe');
    for (const name of ['a\u0000b.png', 'line\nbreak.png', 'lone\ud800.png']) {
      const res = await ticket({ kind: 'image', name, size: 10, contentType: 'image/png' });
      expect(res.code, name).toBe(ERRORS.invalidInput.code);
    }
  });
});

describe("the account's own image (its avatar)", () => {
  it('uploads with no project, is served under the account, refuses what is not an image, and goes with the account', async () => {
    const user = await signUp('Avatar');
    const ticket = (body: RouteRequest<'user.avatarUpload'>['body'], token: string | undefined = user.token) =>
      api.call('user.avatarUpload', { ...(token ? { token } : {}), body });
    const finish = (fileId: string, body: RouteRequest<'user.avatarUploadFinish'>['body']) =>
      api.call('user.avatarUploadFinish', { params: { fileId }, token: user.token, body });
    // Nobody signed in uploads nothing; an attachment or an image over the limit is refused before any URL.
    expect((await ticket({ kind: 'image', name: 'me.png', size: 10, contentType: 'image/png' }, '')).code).toBe(ERRORS.notLoggedIn.code);
    expect((await ticket({ kind: 'attachment', name: 'me.zip', size: 10 })).code).toBe(ERRORS.fileTypeRefused.code);
    const big = await ticket({ kind: 'image', name: 'big.png', size: 600 * 1024, contentType: 'image/png' }, user.token);
    expect(big.code).toBe(ERRORS.imageTooLarge.code);
    expect(big.message).toBe('图片大小超过500KB');

    const bytes = png(1_000);
    const t = await ticket({ kind: 'image', name: 'me.png', size: bytes.length, contentType: 'image/png' });
    expect(t.code, t.message).toBe(0);
    expect((await fetch(t.data.url, { method: 'PUT', headers: t.data.headers, body: bytes })).status).toBe(200);
    const done = await finish(t.data.fileId, { kind: 'image', name: 'me.png' });
    expect(done.code, done.message).toBe(0);
    expect(done.data.url).toBe(`/files/${user.userId}/${t.data.fileId}`);
    const served = await fetch(`${api.url()}${done.data.url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    // Bytes that are not an image are refused at finish, and nothing is published.
    const fake = text('<svg onload=alert(1)>'.padEnd(64, ' '));
    const t2 = await ticket({ kind: 'image', name: 'x.png', size: fake.length, contentType: 'image/png' });
    await fetch(t2.data.url, { method: 'PUT', headers: t2.data.headers, body: fake });
    expect((await finish(t2.data.fileId, { kind: 'image', name: 'x.png' })).code).toBe(ERRORS.fileTypeRefused.code);
    expect(await objectExists(keys.fileObject(user.userId, t2.data.fileId))).toBe(false);

    // Leaving the product takes the account's files along.
    expect((await api.call('user.quit', { token: user.token, body: { confirmation: '注销我的账号', password: 'Secret123' } })).code).toBe(
      0,
    );
    expect((await fetch(`${api.url()}${done.data.url}`)).status).toBe(404);
  });
});

describe("the team's own image (its logo)", () => {
  it('an administrator uploads one to a team with no project; served under the team, refused below admin and for non-images, gone with the team', async () => {
    const [owner, admin, dev, stranger] = await Promise.all([signUp('Owner'), signUp('Admin'), signUp('Dev'), signUp('Stranger')]);
    const team = (await api.call('team.create', { token: owner.token, body: { name: 'Logo team' } })).data;
    for (const who of [admin, dev]) {
      const code = (await api.call('team.invite', { params: { teamId: team.id }, token: owner.token })).data.code;
      expect((await api.call('team.join', { params: { code }, token: who.token })).code).toBe(0);
    }
    expect((await api.call('team.grantAdmin', { params: { teamId: team.id, userId: admin.userId }, token: owner.token })).code).toBe(0);
    const ticket = (token: string, body: RouteRequest<'team.logoUpload'>['body']) =>
      api.call('team.logoUpload', { params: { teamId: team.id }, token, body });
    const finish = (token: string, fileId: string, body: RouteRequest<'team.logoUploadFinish'>['body']) =>
      api.call('team.logoUploadFinish', { params: { teamId: team.id, fileId }, token, body });
    const bytes = png(1_000);
    const request = { kind: 'image' as const, name: 'logo.png', size: bytes.length, contentType: 'image/png' };

    // A developer of the team and a stranger get no upload, and cannot finish one either.
    for (const who of [dev, stranger]) expect((await ticket(who.token, request)).code, who.account).toBe(ERRORS.forbidden.code);
    // An attachment is refused before any URL.
    expect((await ticket(admin.token, { kind: 'attachment', name: 'logo.zip', size: 10 })).code).toBe(ERRORS.fileTypeRefused.code);

    const t = await ticket(admin.token, request);
    expect(t.code, t.message).toBe(0);
    expect((await fetch(t.data.url, { method: 'PUT', headers: t.data.headers, body: bytes })).status).toBe(200);
    for (const who of [dev, stranger]) {
      expect((await finish(who.token, t.data.fileId, { kind: 'image', name: 'logo.png' })).code, who.account).toBe(ERRORS.forbidden.code);
    }
    const done = await finish(admin.token, t.data.fileId, { kind: 'image', name: 'logo.png' });
    expect(done.code, done.message).toBe(0);
    expect(done.data.url).toBe(`/files/${team.id}/${t.data.fileId}`);
    const served = await fetch(`${api.url()}${done.data.url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    // The team keeps it as its logo.
    const saved = await api.call('team.update', {
      token: admin.token,
      body: { id: team.id, rev: team.rev, avatar: done.data.url },
    });
    expect(saved.data.avatar, saved.message).toBe(done.data.url);

    // Bytes that are not an image are refused at finish, and nothing is published.
    const fake = text('<svg onload=alert(1)>'.padEnd(64, ' '));
    const t2 = await ticket(owner.token, { ...request, size: fake.length });
    await fetch(t2.data.url, { method: 'PUT', headers: t2.data.headers, body: fake });
    expect((await finish(owner.token, t2.data.fileId, { kind: 'image', name: 'x.png' })).code).toBe(ERRORS.fileTypeRefused.code);
    expect(await objectExists(keys.fileObject(team.id, t2.data.fileId))).toBe(false);

    // Disbanding takes the team's files along (the purge destroys the team).
    expect((await api.call('team.disband', { params: { id: team.id }, token: owner.token })).code).toBe(0);
    expect((await runPurge({ now: new Date(Date.now() + 1000) })).purged).toContain(team.id);
    expect(await objectExists(keys.fileObject(team.id, t.data.fileId))).toBe(false);
    expect((await fetch(`${api.url()}${done.data.url}`)).status).toBe(404);
  });
});
