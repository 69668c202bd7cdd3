import type { BookBuilder } from './book-builder.js';
import type { IssueCollector } from './issues.js';

/** Signature of the JSON reader (read-json.ts), passed to the parse core so it loads lazily. */
export type JsonBookReader = (text: string, builder: BookBuilder, issues: IssueCollector) => void;
