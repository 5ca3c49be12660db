/**
 * How each approval outcome of an audit row reads in 简体中文: the audit page's column and drawer,
 * and `ias audit`. Plain data: no Node, no DOM.
 */
export const chineseApprovalOutcomes = {
  none: '—',
  approved: '已批准',
  rejected: '已拒绝',
  expired: '已过期',
  cancelled: '已取消',
  unconfirmed: '未确认',
  paused: '已暂停',
  'owner-at-terminal': '在终端确认',
};
