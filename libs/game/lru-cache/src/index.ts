export { LruCache, type LruLimits } from './lru-cache';
