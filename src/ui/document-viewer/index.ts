export { DocumentViewer, DEFAULT_SCALE, RESET_DELAY_MS, type DocumentViewerProps } from './DocumentViewer';
export { documentKind, type DocumentKind } from './documentKind';
