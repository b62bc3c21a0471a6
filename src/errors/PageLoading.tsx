// A CSS spinner: shown while a screen's code loads, before antd itself may be there.
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" />
    </div>
  );
}
