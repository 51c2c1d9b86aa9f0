import { describe, expect, it } from 'vitest';
import { invitationFrom, inviteLink, isInviteCode } from './invitations';

const code = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('invitation links', () => {
  it('are absolute links to the invitation page of their kind', () => {
    expect(inviteLink('https://apiloom.example/', 'team', code)).toBe(`https://apiloom.example/invite/team/${code}`);
    expect(inviteLink('http://127.0.0.1:3000', 'project', code)).toBe(`http://127.0.0.1:3000/invite/project/${code}`);
  });

  it('read back from a pasted link of either kind, or from a bare code taken as the page kind', () => {
    expect(invitationFrom(`https://apiloom.example/invite/project/${code}`, 'team')).toEqual({ kind: 'project', code });
    expect(invitationFrom(`  http://localhost:3000/invite/team/${code}?utm=x  `, 'project')).toEqual({ kind: 'team', code });
    expect(invitationFrom(`/invite/team/${code}#top`, 'team')).toEqual({ kind: 'team', code });
    expect(invitationFrom(` ${code} `, 'project')).toEqual({ kind: 'project', code });
  });

  it('give nothing for other text', () => {
    for (const text of [
      '',
      'hello',
      code.slice(1),
      `${code}x`,
      `https://x/invite/share/${code}`,
      `https://x/invite/team/${code}x`,
      'https://x/invite/team/',
    ]) {
      expect(invitationFrom(text, 'team')).toBeNull();
    }
    expect(isInviteCode('a'.repeat(22))).toBe(true);
    expect(isInviteCode('a'.repeat(21) + '=')).toBe(false);
  });
});
