// The phone's rules for what antd draws: drawers and dialogs (not the small confirms) over the whole screen, fields
// one under the other, and the list's cards.
export function phoneCss(phoneWidth: number): string {
  return `
@media (max-width: ${phoneWidth - 0.02}px) {
  .ant-drawer-content-wrapper { width: 100vw !important; max-width: 100vw; }
  .ant-modal:not(.ant-modal-confirm) { width: 100vw !important; max-width: 100vw; top: 0; margin: 0; padding-bottom: 0; }
  .ant-modal:not(.ant-modal-confirm) .ant-modal-container { min-height: 100dvh; border-radius: 0; }
  .ant-drawer .ant-drawer-body, .ant-modal .ant-modal-body { overflow-wrap: anywhere; }
}
.console-cards { display: flex; flex-direction: column; gap: 12px; }
.console-card {
  border: 1px solid var(--ant-color-border-secondary, #f0f0f0); border-radius: var(--ant-border-radius-lg, 8px);
  background: var(--ant-color-bg-container, #fff); padding: 12px;
}
.console-card-head { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
.console-card-title { flex: 1; min-width: 0; margin: 0; font-size: 15px; font-weight: 600; overflow-wrap: anywhere; }
.console-card-fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0; }
.console-card-fields dt { color: var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65)); }
.console-card-fields dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.console-card-actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 12px; }
.console-cards-empty { padding: 24px 0; text-align: center; color: var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65)); }
.console-cards-pages { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; margin-top: 12px; }
.crud-search-phone .crud-search-item.ant-flex { flex-direction: column; align-items: stretch; gap: 4px !important; }
.crud-search-phone .crud-search-item > :not(label) { width: 100% !important; }
`;
}
