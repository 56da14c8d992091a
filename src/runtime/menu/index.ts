export { isExternalUri, type MenuTarget, menuPath } from './menu-path';
export {
  ancestorKeys,
  buildMenuTree,
  filterMenuTree,
  groupKeys,
  type MenuEntry,
  type MenuNode,
  menuPages,
  menuTrail,
  permissionTitle,
} from './tree';
export { readSidebarState, SIDEBAR_COOKIE, type SidebarState, writeSidebarState } from './sidebar-state';
