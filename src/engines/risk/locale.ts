/** The words of the checks' explanations in the language asked for (words.ts); English by default. */
import { RISK_WORDS_EN, type RiskLocale, type RiskWords } from './words.js';
import { RISK_WORDS_UK } from './words-uk.js';

export function riskWords(locale: RiskLocale | undefined): RiskWords {
  return locale === 'uk' ? RISK_WORDS_UK : RISK_WORDS_EN;
}
