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

describe('scenario addresses', () => {
  it('the list, a scenario with its tab, a run and two runs compared each have an address', () => {
    expect(paths.scenarios.href('p')).toBe('/project/p/scenarios');
    expect(paths.scenarios.href('p', 'p_s')).toBe('/project/p/scenarios/p_s');
    expect(paths.scenarios.href('p', 'p_s', 'edit')).toBe('/project/p/scenarios/p_s');
    expect(paths.scenarios.href('p', 'p_s', 'history')).toBe('/project/p/scenarios/p_s?tab=history');
    expect(paths.scenarios.run('p', 'p_s', 'p_r')).toBe('/project/p/scenarios/p_s/run/p_r');
    expect(paths.scenarios.compare('p', 'p_s', 'p_a', 'p_b')).toBe('/project/p/scenarios/p_s/compare/p_a/p_b');
  });
});
