export { createChangeFeed } from './feed.ts';
export { ChangeBindingError, type CapturedChange, type ChangeFeed, type ChangeSubscription } from './types.ts';
