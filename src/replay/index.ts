export { runTranscript, entriesFromText, speakerFor, TranscriptError, type ReplayResult } from '../games/neuwar/transcript.ts';
