export { ExportCenterPage, panelComponents } from './lazy';
export { ExportButton } from './exports/ExportButton';
export { EXPORT_CENTER_PATH, startExport } from './exports/api';
export { MESSAGES_CHANGED, notifyMessagesChanged, onMessagesChanged } from './messages/events';
