/**
 * The subscription catalog in Ukrainian and English. Prices are "from" prices: fixed prices are not
 * published; the cost is agreed in a pilot contract, and no payment is taken (checkout planned).
 */
import type { Locale } from '../../domain/common.js';
import type { SubscriptionAddOn, SubscriptionCatalog, SubscriptionPlan } from '../../domain/billing.js';

type Text = Record<Locale, string>;
type TextList = Record<Locale, string[]>;

interface PlanSource extends Omit<SubscriptionPlan, 'name' | 'description' | 'features'> {
  name: Text;
  description: Text;
  features: TextList;
}

interface AddOnSource extends Omit<SubscriptionAddOn, 'name' | 'description'> {
  name: Text;
  description: Text;
}

const PILOT: Text = {
  uk: 'Ціна «від»: остаточна вартість погоджується в пілотному договорі.',
  en: 'A "from" price: the final cost is agreed in a pilot contract.',
};

const PLANS: PlanSource[] = [
  {
    id: 'starter',
    name: { uk: 'Старт', en: 'Starter' },
    description: {
      uk: 'Для одного аналітика: ціни РДН/ВДР, план спредів і щоденний бриф.',
      en: 'For a single analyst: DAM/IDM prices, spread plan and a daily brief.',
    },
    monthlyPriceFromUah: 4900,
    monthlyPriceFromEur: 110,
    includedUsers: 1,
    includedAiBriefsMonthly: 60,
    apiAccess: 'none',
    supportLevel: 'standard',
    features: {
      uk: ['Ціни РДН і ВДР', 'План спредової торгівлі', 'Щоденний детермінований бриф', 'Експорт у CSV'],
      en: ['DAM and IDM prices', 'Spread-trading plan', 'Daily deterministic brief', 'CSV export'],
    },
    limits: { auditTrail: true, bessPlanning: false, csvExport: true, sso: false, tenantIsolation: true, webPushSignals: false },
  },
  {
    id: 'tradingDesk',
    name: { uk: 'Торговий деск', en: 'Trading Desk' },
    description: {
      uk: 'Для команди трейдерів: бектести, звіти ризиків, журнал аудиту та сповіщення.',
      en: 'For a trading team: backtests, risk reports, audit journal and notifications.',
    },
    monthlyPriceFromUah: 14900,
    monthlyPriceFromEur: 330,
    includedUsers: 5,
    includedAiBriefsMonthly: 300,
    apiAccess: 'read',
    supportLevel: 'priority',
    features: {
      uk: ['Усе зі «Старт»', 'Бектести на історії цін', 'Звіт ризик-обмежень', 'Журнал аудиту команди', 'Веб-пуш сигнали', 'API лише для читання'],
      en: ['Everything in Starter', 'Backtests over price history', 'Risk guardrail report', 'Team audit journal', 'Web-push signals', 'Read-only API'],
    },
    limits: { auditTrail: true, bessPlanning: false, csvExport: true, sso: false, tenantIsolation: true, webPushSignals: true },
  },
  {
    id: 'bessOptimizer',
    name: { uk: 'Оптимізатор УЗЕ', en: 'BESS Optimizer' },
    description: {
      uk: 'Для власників батарейних систем: оптимальний графік заряду й розряду з урахуванням ККД і зносу.',
      en: 'For battery owners: optimal charge/discharge schedule accounting for efficiency and wear.',
    },
    monthlyPriceFromUah: 24900,
    monthlyPriceFromEur: 550,
    includedUsers: 5,
    includedAiBriefsMonthly: 300,
    apiAccess: 'bess',
    supportLevel: 'priority',
    features: {
      uk: ['Усе з «Торговий деск»', 'Планування УЗЕ (заряд/розряд)', 'Бектест УЗЕ разом зі спредами', 'API планування УЗЕ'],
      en: ['Everything in Trading Desk', 'BESS planning (charge/discharge)', 'BESS backtest alongside spreads', 'BESS planning API'],
    },
    limits: { auditTrail: true, bessPlanning: true, csvExport: true, sso: false, tenantIsolation: true, webPushSignals: true },
  },
  {
    id: 'platformApi',
    name: { uk: 'Платформа та API', en: 'Platform API' },
    description: {
      uk: 'Для інтеграції у ваші системи: повний API, ключі орендаря, SSO та вебхуки за домовленістю.',
      en: 'For integration into your systems: full API, tenant keys, SSO and webhooks by agreement.',
    },
    monthlyPriceFromUah: 49900,
    monthlyPriceFromEur: 1100,
    includedUsers: 'custom',
    includedAiBriefsMonthly: 'custom',
    apiAccess: 'custom',
    supportLevel: 'dedicated',
    features: {
      uk: ['Усе з «Оптимізатор УЗЕ»', 'Повний API з ключами орендаря', 'Єдиний вхід (SSO)', 'Вебхуки за домовленістю', 'Виділена підтримка'],
      en: ['Everything in BESS Optimizer', 'Full API with tenant keys', 'Single sign-on (SSO)', 'Webhooks by agreement', 'Dedicated support'],
    },
    limits: { auditTrail: true, bessPlanning: true, csvExport: true, sso: true, tenantIsolation: true, webPushSignals: true },
  },
];

const ADD_ONS: AddOnSource[] = [
  {
    id: 'aiPack',
    name: { uk: 'Пакет брифів', en: 'Brief pack' },
    description: {
      uk: 'Додаткові детерміновані брифи понад ліміт плану; облік за використанням, перевищення — лише після погодження.',
      en: 'Extra deterministic briefs beyond the plan quota; metered by use, overages only after approval.',
    },
    pricingModel: 'usage',
  },
  {
    id: 'extraSeats',
    name: { uk: 'Додаткові місця', en: 'Extra seats' },
    description: { uk: 'Додаткові користувачі понад включених у план.', en: 'Additional users beyond those included in the plan.' },
    pricingModel: 'seat',
  },
  {
    id: 'integrationSupport',
    name: { uk: 'Супровід інтеграції', en: 'Integration support' },
    description: {
      uk: 'Проєктна допомога з підключенням до ваших систем і джерел даних.',
      en: 'Project help connecting svc to your systems and data sources.',
    },
    pricingModel: 'project',
  },
];

export function subscriptionCatalog(locale: Locale): SubscriptionCatalog {
  return {
    addOns: ADD_ONS.map((a) => ({ id: a.id, name: a.name[locale], description: a.description[locale], pricingModel: a.pricingModel })),
    billingMode: 'subscription',
    billingProvider: 'manualContract',
    cadence: 'monthly',
    checkoutStatus: 'planned',
    currency: 'UAH',
    locale,
    plans: PLANS.map((p) => ({
      id: p.id,
      name: p.name[locale],
      description: `${p.description[locale]} ${PILOT[locale]}`,
      monthlyPriceFromUah: p.monthlyPriceFromUah,
      monthlyPriceFromEur: p.monthlyPriceFromEur,
      includedUsers: p.includedUsers,
      includedAiBriefsMonthly: p.includedAiBriefsMonthly,
      apiAccess: p.apiAccess,
      supportLevel: p.supportLevel,
      features: [...p.features[locale]],
      limits: { ...p.limits },
    })),
    policy: { aiUsageMetered: true, humanApprovalRequired: true, noGuaranteedProfitClaims: true, overagesRequireApproval: true },
  };
}
