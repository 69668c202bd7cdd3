/**
 * The brief's message catalogues and the one function that renders a template. A template is a
 * string with `{name}` placeholders; every placeholder must receive a value, so a missing value is
 * a bug that throws instead of leaking "{name}" into a trader's brief.
 */
import type { Locale } from '../../../domain/common.js';
import type { PluralCategory } from '../format.js';
import { en } from './en.js';
import type { MessageKey } from './keys.js';
import { uk } from './uk.js';

export type { MessageKey };
export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { uk, en };

export type Params = Record<string, string | number>;
const PLACEHOLDER = /\{(\w+)\}/g;

/** Placeholder names of a template, sorted. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].sort();
}

export function renderTemplate(template: string, params: Params): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`brief template needs {${name}}: ${template}`);
    return String(value);
  });
}

export function message(locale: Locale, key: MessageKey, params: Params = {}): string {
  return renderTemplate(CATALOGUES[locale][key], params);
}

export type Noun = 'trade';

export function nounKey(noun: Noun, category: PluralCategory): MessageKey {
  return `noun.${noun}.${category}`;
}
