export * from './eval-page.js';
export * from './render-html.js';
export * from './report-data.js';
export * from './report-path.js';
export * from './write-report.js';
