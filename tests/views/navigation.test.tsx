import { describe, expect, it } from 'vitest';
import { adminNavigation, isActiveLink, type NavLinkItem } from '../../src/app/layouts/navigation';

const links = adminNavigation.flatMap((item) => (item.kind === 'group' ? item.links : [item]));
const activeOn = (path: string) =>
  links.filter((link: NavLinkItem) => isActiveLink(link, path)).map((l) => l.label);

describe('the sidebar link of each admin path', () => {
  it.each([
    ['/admin', ['Home']],
    ['/admin/users', ['Users']],
    ['/admin/users/12', ['Users']],
    ['/admin/register', []],
    ['/admin/process-pay', ['Process']],
    ['/admin/users/12/pay-items/2026/7', ['Process']],
    ['/admin/pay-records', ['Records']],
    ['/admin/leave-balance', ['Leave Balance']],
    ['/admin/pay-submissions', ['Submissions']],
    ['/admin/company', ['Company']],
  ])('%s highlights %j', (path, expected) => {
    expect(activeOn(path)).toEqual(expected);
  });
});
