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

/** A template split once into literal text (even indexes) and placeholder names (odd indexes). */
type Compiled = string[];
const compiled = new Map<string, Compiled>();

function compile(template: string): Compiled {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(PLACEHOLDER);
    compiled.set(template, parts);
  }
  return parts;
}

export function renderTemplate(template: string, params: Params, defaults: Params = {}): string {
  const parts = compile(template);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name] ?? defaults[name];
    if (value === undefined) throw new Error(`brief template needs {${name}}: ${template}`);
    out += String(value) + (parts[i + 1] as string);
  }
  return out;
}

export function message(locale: Locale, key: MessageKey, params: Params = {}, defaults: Params = {}): string {
  return renderTemplate(CATALOGUES[locale][key], params, defaults);
}

export type Noun = 'trade';

export function nounKey(noun: Noun, category: PluralCategory): MessageKey {
  return `noun.${noun}.${category}`;
}
