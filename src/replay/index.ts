export { runTranscript, entriesFromText, speakerFor, TranscriptError, type ReplayResult } from './transcript.ts';
