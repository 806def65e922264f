export { changedSince } from '../../lib/feed-changes';
