export { ReplayModel, parseReplayId } from './replay-model.js';
