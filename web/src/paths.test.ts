import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('page addresses of shares and releases', () => {
  it('a release is read through ?version=, and never in edit mode', () => {
    expect(paths.project.href('p', { version: '1.0.0' })).toBe('/project/p?version=1.0.0');
    expect(paths.project.href('p', { edit: true, version: '1.0.0' })).toBe('/project/p?version=1.0.0');
    expect(paths.project.href('p', { edit: true })).toBe('/project/p/edit');
    expect(paths.document.href('p', 'd', undefined, { version: 'v 2' })).toBe('/project/p/d?version=v+2');
    expect(paths.document.href('p', 'd', 'edit', { version: '1.0.0' })).toBe('/project/p/d?version=1.0.0');
    expect(paths.document.href('p', 'd', 'puredoc', { version: '1.0.0' })).toBe('/project/p/d/puredoc?version=1.0.0');
    expect(paths.document.href('p', 'd', 'edit')).toBe('/project/p/d/edit');
  });

  it('share management and the share page have their own addresses', () => {
    expect(paths.shares.href('p')).toBe('/project/p/share');
    expect(paths.sharedView.href('p', 'p_s')).toBe('/project/p/share/p_s');
    expect(paths.sharedView.href('p', 'p_s', 'p_d')).toBe('/project/p/share/p_s?doc=p_d');
  });

  it('export has its workspace addresses', () => {
    expect(paths.exportPage.href('p')).toBe('/project/p/export');
    expect(paths.exportPage.href('p', { items: true })).toBe('/project/p/export/export-item');
  });
});
