/**
 * A valid request for every route of the table, naming the fixture's project, document and people. Typed by route
 * id: a route added to the table without a sample here does not compile. Valid means it passes validation, so a
 * walk that gets past the access check reaches the handler (and a 45002 there is a broken sample, not access).
 */
import { type RouteId, type RouteRequest } from '@shared/routes';
import { uniquePhone } from './unique-phone';
import { echoTargetUrl } from './proxy-target';
import type { ThirdPartyIds } from './third-party';

export interface SampleIds {
  /** The project's creator signs in with these (every person of the fixture has the same password). */
  creatorAccount: string;
  password: string;
  /** An address with a live registration code, not yet an account. */
  newAccount: string;
  newAccountCode: string;
  /** A live password-recovery code of the creator's account. */
  resetCode: string;
  /** Addresses that are nobody's account yet, each with a live code to make it the creator's. */
  newEmail: string;
  newEmailCode: string;
  newPhone: string;
  newPhoneCode: string;
  /** A folder of the creator's own console. */
  folderId: string;
  projectId: string;
  documentId: string;
  /** An HTTP API document of the project. */
  apiDocumentId: string;
  /** A document in the project's document bin. */
  binnedDocumentId: string;
  /** A user the project may be handed to: a member who is not its owner. */
  memberId: string;
  teamId: string;
  groupId: string;
  /** A developer of the team, with no role on the project. */
  teamMemberId: string;
  /** Live invitation codes to the team and to the project. */
  teamCode: string;
  projectCode: string;
  /** A live share of the whole project, without a password, and a release of it. */
  shareId: string;
  releaseVersion: string;
  /** An image uploaded to the project's pending uploads, not yet checked and published. */
  uploadedFileId: string;
  /** An import job whose file is uploaded, not yet started (state `uploading`). */
  importJobId: string;
  /** An export job of the project, started through the fixture's share (so its reader may poll it too). */
  exportJobId: string;
  /** An environment of the project, and a variable of it. */
  environmentId: string;
  variableId: string;
  /** A live project token of the project (read and import), for the token routes. */
  projectTokenId: string;
  /** A test scenario of the project (one step on the API document), an empty scenario folder, and a run of it. */
  scenarioId: string;
  scenarioFolderId: string;
  scenarioRunId: string;
  /** A server run of that scenario, done. */
  scenarioJobId: string;
  /** A schedule of that scenario, with the project's environment. */
  scenarioScheduleId: string;
  /** A comment of the creator's on the project's document (issue 38). */
  commentId: string;
  /** An email channel of the project, and one of the team's defaults (issue 38): a test message to either is quick. */
  channelId: string;
  teamChannelId: string;
  /** Third-party sign-ins in flight and a bind ticket (issue 25), when the walk runs the fake providers. */
  thirdParty?: ThirdPartyIds;
}

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const email = () => `sample-${Math.random().toString(36).slice(2, 10)}@example.com`;
const phone = () => uniquePhone('139');

const samples: { [Id in RouteId]: (ids: SampleIds) => RouteRequest<Id> } = {
  'user.register': ({ newAccount, newAccountCode }) => ({
    body: { account: newAccount, nickname: 'Sample', password: 'Secret123', code: newAccountCode },
  }),
  'code.register': () => ({ params: { target: email() } }),
  'code.login': () => ({ params: { target: email() } }),
  'code.resetPassword': () => ({ params: { target: email() } }),
  'code.emailUpdate': () => ({ params: { target: email() } }),
  'code.phoneUpdate': () => ({ params: { target: phone() } }),
  'code.send': () => ({ body: { purpose: 'RESET_PWD', target: email() } }),
  'user.email': ({ newEmail, newEmailCode, password }) => ({ body: { email: newEmail, code: newEmailCode, password } }),
  'user.phone': ({ newPhone, newPhoneCode }) => ({ body: { phone: newPhone, code: newPhoneCode } }),
  'user.resetPassword': ({ creatorAccount, resetCode }) => ({ body: { account: creatorAccount, code: resetCode, password: 'Secret456' } }),
  'login.create': ({ creatorAccount, password }) => ({ body: { username: creatorAccount, password } }),
  'login.delete': () => ({}),
  'user.detail': () => ({}),
  'user.update': () => ({ body: { nickname: 'Renamed' } }),
  'user.updatePassword': ({ password }) => ({ body: { oldPassword: password, newPassword: 'Secret456', confirmPassword: 'Secret456' } }),
  'login.thirdPart': () => ({ query: { type: 'login' } }),
  'login.thirdPartLogin': ({ thirdParty }) => ({
    params: { x: 'github' },
    query: { code: thirdParty?.loginCode ?? 'none', state: thirdParty?.loginState ?? 'none' },
  }),
  'login.thirdPartBind': ({ thirdParty }) => ({
    params: { x: 'github' },
    query: { code: thirdParty?.bindCode ?? 'none', state: thirdParty?.bindState ?? 'none' },
  }),
  'user.phoneNotLogin': ({ thirdParty }) => ({
    body: {
      ticket: thirdParty?.bindTicket ?? 'none-'.repeat(4),
      phone: thirdParty?.bindPhone ?? phone(),
      code: thirdParty?.bindPhoneCode ?? '000000',
    },
  }),
  'user.boundInfo': () => ({}),
  'user.thirdPartUnbind': () => ({ params: { x: 'gitee' } }),

  'project.create': () => ({ body: { name: 'Sample project' } }),
  'project.update': ({ projectId }) => ({ body: { id: projectId, rev: 2, name: 'Renamed' } }),
  'project.created': () => ({ query: {} }),
  'project.personal': () => ({}),
  'project.team': ({ teamId }) => ({ params: { teamId } }),
  'project.get': ({ projectId }) => ({ params: { id: projectId } }),
  'project.search': () => ({ query: { keyword: 'sample' } }),
  'project.editable': () => ({ query: {} }),
  'project.recycle': ({ projectId }) => ({ params: { id: projectId } }),
  'project.recycler': () => ({ query: {} }),
  'project.recyclerRevert': ({ projectId }) => ({ params: { id: projectId } }),
  'project.destroy': ({ projectId }) => ({ params: { id: projectId } }),
  'project.favorAdd': ({ projectId }) => ({ params: { id: projectId } }),
  'project.favorRemove': ({ projectId }) => ({ params: { id: projectId } }),
  'project.favorites': () => ({}),
  'project.archive': ({ projectId }) => ({ params: { id: projectId } }),
  'project.archives': () => ({ query: {} }),
  'project.archiveRevert': ({ projectId }) => ({ params: { id: projectId } }),
  'project.archiveDelete': ({ projectId }) => ({ params: { id: projectId } }),
  'project.transfer': ({ projectId, memberId }) => ({ params: { projectId, userId: memberId } }),
  'project.move': ({ projectId, teamId }) => ({ params: { projectId, teamId } }),
  'project.clone': ({ projectId }) => ({ params: { id: projectId }, query: { name: 'Copy' } }),
  'project.attachment': ({ projectId }) => ({
    params: { id: projectId },
    body: { kind: 'image', name: 'a.png', size: 10, contentType: 'image/png' },
  }),
  'project.attachmentFinish': ({ projectId, uploadedFileId }) => ({
    params: { id: projectId, fileId: uploadedFileId },
    body: { kind: 'image', name: 'a.gif' },
  }),
  'import.upload': ({ projectId }) => ({ body: { projectId, name: 'openapi.json', size: 120 } }),
  'import.start': ({ projectId, importJobId }) => ({ body: { projectId, id: importJobId } }),
  // A loopback address: the job is refused by the SSRF guard (and fails with its message), nothing is fetched.
  'import.url': ({ projectId }) => ({ body: { projectId, url: 'http://127.0.0.1:9/openapi.json' } }),
  'import.swagger': ({ projectId }) => ({
    query: { projectId },
    body: { openapi: '3.0.3', info: { title: 'Walk', version: '1' }, paths: {} },
  }),
  'import.get': ({ importJobId }) => ({ params: { id: importJobId } }),
  'import.stamps': ({ projectId }) => ({ params: { projectId }, query: { source: 'openapi.json' } }),
  'export.start': ({ projectId }) => ({ body: { projectId, format: 'apiloom' } }),
  'export.get': ({ exportJobId }) => ({ params: { id: exportJobId } }),
  'project.members': ({ projectId }) => ({ params: { id: projectId } }),
  'project.quit': ({ projectId }) => ({ params: { id: projectId } }),

  'folder.list': () => ({ query: {} }),
  'folder.save': () => ({ body: { name: 'Folder' } }),
  'folder.tree': () => ({ params: { id: 'personal' } }),
  'folder.move': ({ projectId }) => ({ query: { sourceId: projectId, folderId: '0', isProject: 'true' } }),
  'folder.delete': ({ folderId }) => ({ params: { id: folderId }, query: {} }),

  'document.tree': ({ projectId }) => ({ params: { projectId } }),
  'document.children': ({ projectId }) => ({ params: { id: projectId } }),
  'document.child0': ({ projectId }) => ({ params: { id: projectId } }),
  'document.get': ({ documentId }) => ({ params: { id: documentId } }),
  'document.create': ({ projectId }) => ({ body: { projectId, name: 'New doc' } }),
  'document.update': ({ documentId }) => ({ body: { id: documentId, rev: 2, name: 'Renamed doc' } }),
  'document.delete': ({ documentId }) => ({ params: { id: documentId } }),
  'document.resort': ({ documentId, projectId }) => ({ params: { docId: documentId, parentId: projectId, preId: '0' } }),
  'document.copy': ({ documentId }) => ({ body: { id: documentId } }),
  'document.search': ({ projectId }) => ({ params: { projectId }, query: { keyword: 'sample' } }),
  'document.recent': ({ projectId }) => ({ params: { projectId } }),
  'document.history': ({ documentId }) => ({ params: { id: documentId } }),
  'document.historyGet': ({ documentId }) => ({ params: { id: documentId, historyId: `${documentId}_r1` } }),
  'document.historyRevert': ({ documentId }) => ({ params: { id: `${documentId}_r1` } }),
  'document.bin': ({ projectId }) => ({ params: { projectId } }),
  'document.binRestore': ({ binnedDocumentId }) => ({ params: { id: binnedDocumentId } }),

  'member.assign': ({ projectId, teamMemberId }) => ({ params: { projectId, userId: teamMemberId, role: 'view' } }),
  'member.remove': ({ projectId, memberId }) => ({ params: { projectId, userId: memberId } }),
  'member.clone': ({ projectId }) => ({ query: { from: projectId, to: projectId } }),
  'member.projects': ({ teamId, teamMemberId }) => ({ query: { memberId: teamMemberId, teamId } }),
  'group.bind': ({ projectId, groupId }) => ({ params: { projectId, groupId, role: 'edit' } }),
  'group.unbind': ({ projectId, groupId }) => ({ params: { projectId, groupId } }),
  'project.invite': ({ projectId }) => ({ params: { projectId, role: 'view' } }),
  'project.invitation': ({ projectCode }) => ({ params: { code: projectCode } }),
  'project.join': ({ projectCode }) => ({ params: { code: projectCode } }),
  'project.visibleUsers': () => ({ query: { keyword: '' } }),

  'share.create': ({ projectId }) => ({ body: { projectId, name: 'For QA', expireAt: inADay() } }),
  'share.update': ({ projectId, shareId }) => ({ body: { id: shareId, projectId, name: 'For QA, renamed', expireAt: inADay() } }),
  'share.list': ({ projectId }) => ({ params: { id: projectId } }),
  'share.delete': ({ shareId }) => ({ params: { id: shareId } }),
  'share.content': ({ shareId }) => ({ params: { id: shareId } }),
  'share.assert': ({ shareId }) => ({ params: { id: shareId }, body: { password: '' } }),
  'share.llms': ({ shareId }) => ({ params: { id: shareId }, query: {} }),
  'share.markdown': ({ shareId, documentId }) => ({ params: { id: shareId, docId: documentId }, query: {} }),
  'release.nextVersion': ({ projectId }) => ({ params: { id: projectId } }),
  'release.publish': ({ projectId }) => ({ body: { projectId, version: `9.${Math.floor(Math.random() * 1e6)}.0`, desc: 'walk' } }),
  'release.list': ({ projectId }) => ({ params: { id: projectId } }),
  'release.changes': ({ projectId, releaseVersion }) => ({ params: { id: projectId }, query: { from: releaseVersion, to: 'live' } }),
  'release.delete': ({ projectId, releaseVersion }) => ({ params: { projectId, version: releaseVersion } }),
  'mock.get': ({ projectId, apiDocumentId }) => ({ params: { projectId, docId: apiDocumentId } }),
  'mock.save': ({ projectId, apiDocumentId }) => ({ body: { projectId, docId: apiDocumentId, type: 'static', body: '{"ok":true}' } }),
  'mock.changeType': ({ projectId, apiDocumentId }) => ({ params: { projectId, docId: apiDocumentId, type: 'auto' } }),
  'globalParam.get': ({ projectId }) => ({ params: { projectId } }),
  'globalParam.save': ({ projectId }) => ({
    body: { projectId, rev: 0, value: JSON.stringify({ req: { headers: [{ name: 'X-Walk', value: '1' }] }, resp: {} }) },
  }),
  'env.list': ({ projectId }) => ({ params: { id: projectId } }),
  'env.get': ({ environmentId }) => ({ params: { id: environmentId } }),
  'env.create': ({ projectId }) => ({ body: { projectId, name: 'test', baseUrl: 'https://api.example.com' } }),
  'env.update': ({ environmentId }) => ({ body: { id: environmentId, rev: 1, name: 'UAT', baseUrl: 'https://uat.example.com' } }),
  'env.delete': ({ environmentId }) => ({ query: { id: environmentId } }),
  'env.duplicate': ({ projectId, environmentId }) => ({ params: { projectId, envId: environmentId } }),
  'variable.create': ({ environmentId }) => ({ body: { envId: environmentId, name: 'token', value: 'abc' } }),
  'variable.update': ({ variableId }) => ({ body: { id: variableId, rev: 1, name: 'host2', value: 'example.org' } }),
  'variable.list': ({ projectId, environmentId }) => ({ params: { projectId, envId: environmentId } }),
  'variable.delete': ({ variableId }) => ({ params: { id: variableId } }),

  'scenario.list': ({ projectId }) => ({ params: { id: projectId } }),
  'scenario.get': ({ scenarioId }) => ({ params: { id: scenarioId } }),
  'scenario.create': ({ projectId, apiDocumentId }) => ({
    body: {
      projectId,
      name: 'Walk',
      content: { steps: [{ id: 's1', type: 'request', source: { kind: 'document', documentId: apiDocumentId } }] },
    },
  }),
  'scenario.update': ({ scenarioId, scenarioFolderId }) => ({
    body: { id: scenarioId, rev: 1, name: 'Walked', folderId: scenarioFolderId, content: { steps: [{ id: 'w', type: 'wait', ms: 1 }] } },
  }),
  'scenario.delete': ({ scenarioId }) => ({ query: { id: scenarioId } }),
  'scenarioFolder.create': ({ projectId }) => ({ body: { projectId, name: 'Smoke' } }),
  'scenarioFolder.update': ({ scenarioFolderId }) => ({ body: { id: scenarioFolderId, rev: 1, name: 'Nightly' } }),
  'scenarioFolder.delete': ({ scenarioFolderId }) => ({ query: { id: scenarioFolderId } }),
  'scenarioRun.save': ({ scenarioId }) => ({
    body: {
      scenarioId,
      place: 'browser',
      summary: {
        status: 'passed',
        startedAt: 1,
        durationMs: 2,
        iterations: [{ index: 0, name: '#1', passed: true }],
        requests: 0,
        steps: { passed: 1, failed: 0, skipped: 0 },
        checks: { passed: 0, failed: 0 },
      },
      results: [],
    },
  }),
  'scenario.importPostman': ({ projectId }) => ({
    body: {
      projectId,
      collection: {
        info: { name: 'Walked', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [{ name: 'ping', request: { method: 'GET', url: { raw: '{{baseUrl}}/acme/ping' } } }],
      },
    },
  }),
  'scenario.exportPostman': ({ scenarioId }) => ({ params: { id: scenarioId } }),
  'scenarioRun.list': ({ scenarioId }) => ({ params: { id: scenarioId } }),
  'scenarioRun.get': ({ scenarioRunId }) => ({ params: { id: scenarioRunId } }),
  // No environment: the step's address is relative, which the guard refuses at once (nothing leaves the machine).
  'scenarioJob.start': ({ scenarioId }) => ({ body: { scenarioId } }),
  'scenarioJob.get': ({ scenarioJobId }) => ({ params: { id: scenarioJobId } }),
  'scenarioSchedule.list': ({ scenarioId }) => ({ params: { id: scenarioId } }),
  'scenarioSchedule.save': ({ scenarioId, environmentId }) => ({
    body: { scenarioId, environmentId, cron: '0 9 * * 1-5', timeZone: 'Asia/Shanghai' },
  }),
  'scenarioSchedule.delete': ({ scenarioScheduleId }) => ({ query: { id: scenarioScheduleId } }),
  'runSecret.list': ({ environmentId }) => ({ params: { id: environmentId } }),
  'runSecret.set': ({ environmentId }) => ({ body: { envId: environmentId, name: 'apiKey', value: 'walk-secret-value' } }),
  'runSecret.delete': ({ environmentId }) => ({ query: { envId: environmentId, name: 'apiKey' } }),

  'team.create': () => ({ body: { name: 'Sample team' } }),
  'team.update': ({ teamId }) => ({ body: { id: teamId, rev: 1, name: 'Renamed team' } }),
  'team.disband': ({ teamId }) => ({ params: { id: teamId } }),
  'team.all': () => ({}),
  'team.own': ({ teamId }) => ({ params: { id: teamId } }),
  'team.get': ({ teamId }) => ({ params: { id: teamId } }),
  'team.quit': ({ teamId }) => ({ params: { id: teamId } }),
  'team.members': ({ teamId }) => ({ params: { id: teamId } }),
  'team.groupMembers': ({ teamId, groupId }) => ({ params: { teamId, groupId } }),
  'team.groupCreate': ({ teamId }) => ({ body: { teamId, name: 'Writers' } }),
  'team.groupRename': ({ teamId, groupId }) => ({ params: { teamId, groupId, name: 'Renamed' } }),
  'team.groupDelete': ({ teamId, groupId }) => ({ params: { teamId, groupId } }),
  'team.grantAdmin': ({ teamId, teamMemberId }) => ({ params: { teamId, userId: teamMemberId } }),
  'team.revokeAdmin': ({ teamId, teamMemberId }) => ({ params: { teamId, userId: teamMemberId } }),
  'team.invite': ({ teamId }) => ({ params: { teamId } }),
  'team.inviteToGroup': ({ teamId, groupId }) => ({ params: { teamId, groupId } }),
  'team.invitation': ({ teamCode }) => ({ params: { code: teamCode } }),
  'team.join': ({ teamCode }) => ({ params: { code: teamCode } }),
  'team.removeMember': ({ teamId, teamMemberId }) => ({ params: { teamId, userId: teamMemberId } }),
  'team.transfer': ({ teamId, teamMemberId }) => ({ params: { teamId, userId: teamMemberId } }),
  'team.moveMember': ({ teamId, teamMemberId, groupId }) => ({ params: { teamId, userId: teamMemberId, groupId } }),
  'proxy.send': () => ({ body: { method: 'GET', url: `${echoTargetUrl()}/sample`, headers: [], body: { kind: 'none' } } }),

  'token.create': ({ projectId }) => ({ body: { projectId, name: 'CI', scopes: ['import', 'read'], expiresInDays: 30 } }),
  'token.list': ({ projectId }) => ({ params: { projectId } }),
  'token.revoke': ({ projectTokenId }) => ({ params: { id: projectTokenId } }),
  'import.history': ({ projectId }) => ({ params: { projectId } }),
  'open.tree': ({ projectId }) => ({ params: { projectId } }),
  'open.document': ({ projectId, apiDocumentId }) => ({ params: { projectId, docId: apiDocumentId }, query: { as: 'openapi' } }),
  'open.importUpload': ({ projectId }) => ({ params: { projectId }, body: { name: 'openapi.json', size: 100 } }),
  'open.importStart': ({ projectId, importJobId }) => ({ params: { projectId }, body: { id: importJobId, dryRun: true } }),
  'open.importGet': ({ projectId, importJobId }) => ({ params: { projectId, id: importJobId } }),
  'open.imports': ({ projectId }) => ({ params: { projectId } }),
  'open.exportStart': ({ projectId }) => ({ params: { projectId }, body: { format: 'openapi-json' } }),
  'open.exportGet': ({ projectId, exportJobId }) => ({ params: { projectId, id: exportJobId } }),
  'open.scenarios': ({ projectId }) => ({ params: { projectId }, query: { folder: 'Empty' } }),
  'open.scenario': ({ projectId }) => ({ params: { projectId, scenario: 'Walk' } }),
  'open.environment': ({ projectId }) => ({ params: { projectId, environment: 'development' } }),
  'open.scenarioRunSave': ({ projectId, scenarioId }) => ({
    params: { projectId },
    body: {
      scenarioId,
      summary: {
        status: 'failed',
        startedAt: 1,
        durationMs: 2,
        iterations: [{ index: 0, name: '#1', passed: false }],
        requests: 1,
        steps: { passed: 0, failed: 1, skipped: 0 },
        checks: { passed: 0, failed: 1 },
      },
      results: [],
    },
  }),
  'open.changes': ({ projectId, releaseVersion }) => ({ params: { projectId }, query: { from: releaseVersion, to: 'live' } }),
  'compat.policy': ({ projectId }) => ({ params: { projectId } }),
  'compat.live': ({ projectId }) => ({ params: { projectId } }),
  'compat.severities': ({ projectId }) => ({
    body: { projectId, rev: 0, severities: { 'response-required-property-removed': 'warning' } },
  }),
  'compat.accept': ({ projectId, apiDocumentId }) => ({
    body: { projectId, rev: 0, key: `request-parameter-became-required|${apiDocumentId}|request query limit`, reason: 'walk' },
  }),
  'compat.unaccept': ({ projectId, apiDocumentId }) => ({
    body: { projectId, rev: 0, key: `request-parameter-became-required|${apiDocumentId}|request query limit` },
  }),
  'open.openapi': () => ({}),
  'user.quitCheck': () => ({}),
  'user.quit': ({ password }) => ({ body: { confirmation: '注销我的账号', password } }),
  'user.avatarUpload': () => ({ body: { kind: 'image', name: 'me.png', size: 10, contentType: 'image/png' } }),
  'user.avatarUploadFinish': ({ uploadedFileId }) => ({ params: { fileId: uploadedFileId }, body: { kind: 'image', name: 'me.gif' } }),
  'team.logoUpload': ({ teamId }) => ({
    params: { teamId },
    body: { kind: 'image', name: 'logo.png', size: 10, contentType: 'image/png' },
  }),
  'team.logoUploadFinish': ({ teamId, uploadedFileId }) => ({
    params: { teamId, fileId: uploadedFileId },
    body: { kind: 'image', name: 'logo.gif' },
  }),

  'comment.list': ({ documentId }) => ({ params: { id: documentId } }),
  'comment.create': ({ documentId, memberId }) => ({ body: { documentId, body: 'Why **GET**? @viewer', mentions: [memberId] } }),
  // The fixture's comment is its creator's: everyone else is told it is not theirs (42071), past the access check.
  'comment.update': ({ commentId }) => ({ body: { id: commentId, body: 'Edited', mentions: [] } }),
  'comment.delete': ({ commentId }) => ({ params: { id: commentId } }),
  'comment.resolve': ({ commentId }) => ({ params: { id: commentId }, body: { resolved: true } }),
  'comment.policy': ({ projectId }) => ({ body: { projectId, viewersMayComment: false } }),
  'notification.list': () => ({ query: {} }),
  'notification.unread': () => ({}),
  'notification.read': () => ({ body: { ids: ['0000000000000000000000000'] } }),
  'notification.readAll': () => ({ body: {} }),
  'notification.settings': () => ({}),
  'notification.updateSettings': () => ({ body: { inApp: true, email: 'digest' } }),
  'watch.get': ({ documentId }) => ({ params: { id: documentId } }),
  'watch.add': ({ documentId }) => ({ params: { id: documentId } }),
  'watch.remove': ({ projectId }) => ({ params: { id: projectId } }),
  'channel.list': ({ projectId }) => ({ params: { id: projectId } }),
  'channel.create': ({ projectId }) => ({
    params: { id: projectId },
    body: {
      name: 'Walk hook',
      kind: 'webhook',
      target: 'https://hooks.example.com/walk',
      secret: 'walk-secret',
      events: ['document.updated'],
    },
  }),
  'channel.update': ({ projectId, channelId }) => ({
    params: { id: projectId, channelId },
    body: { name: 'Walk mail', kind: 'email', language: 'en', detail: 'names' },
  }),
  'channel.delete': ({ projectId, channelId }) => ({ params: { id: projectId, channelId } }),
  'channel.test': ({ projectId, channelId }) => ({ params: { id: projectId, channelId } }),
  'channel.deliveries': ({ projectId, channelId }) => ({ params: { id: projectId, channelId } }),
  'channel.resume': ({ projectId, channelId }) => ({ params: { id: projectId, channelId } }),
  'teamChannel.list': ({ teamId }) => ({ params: { id: teamId } }),
  'teamChannel.create': ({ teamId }) => ({
    params: { id: teamId },
    body: { name: 'Team hook', kind: 'slack', target: 'https://hooks.slack.com/services/T0/B0/walk' },
  }),
  'teamChannel.update': ({ teamId, teamChannelId }) => ({
    params: { id: teamId, channelId: teamChannelId },
    body: { name: 'Team mail', kind: 'email' },
  }),
  'teamChannel.delete': ({ teamId, teamChannelId }) => ({ params: { id: teamId, channelId: teamChannelId } }),
  'teamChannel.test': ({ teamId, teamChannelId }) => ({ params: { id: teamId, channelId: teamChannelId } }),
  'teamChannel.deliveries': ({ teamId, teamChannelId }) => ({ params: { id: teamId, channelId: teamChannelId } }),
  'teamChannel.resume': ({ teamId, teamChannelId }) => ({ params: { id: teamId, channelId: teamChannelId } }),
};

/** Headers a route's sample needs beyond the caller's: the browser cookie of a third-party sign-in in flight. */
const sampleHeaders: Partial<Record<RouteId, (ids: SampleIds) => Record<string, string>>> = {
  'login.thirdPartLogin': ({ thirdParty }): Record<string, string> => (thirdParty ? { cookie: thirdParty.loginCookie } : {}),
  'login.thirdPartBind': ({ thirdParty }): Record<string, string> => (thirdParty ? { cookie: thirdParty.bindCookie } : {}),
};

/**
 * A route's sample as a call of the local API's `callAny` (test/support/local-api.ts) takes it: its request (the
 * path's parameters by name, the query, the body, sent as a form for the routes that take one) and the headers it
 * needs.
 */
export function sampleCall(
  id: RouteId,
  ids: SampleIds,
): { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } {
  const request = samples[id](ids) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const headers = sampleHeaders[id]?.(ids);
  return { ...request, ...(headers ? { headers } : {}) };
}
