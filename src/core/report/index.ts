export { renderBenchPage } from './bench-page.js';
export { renderEvalPage } from './eval-page.js';
export { renderReportHtml, reportCsp, scriptSafeJson } from './render-html.js';
export { REPORT_DATA_FORMAT, type ReportData } from './report-data.js';
export { reportPathFor } from './report-path.js';
export { writeReportFile, writeVerifiedReportFile } from './write-report.js';
