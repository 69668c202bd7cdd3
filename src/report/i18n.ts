/** The reports' words in English and Ukrainian: one dictionary each, the same keys (the type holds them equal). */
import type { Lang } from './format.js';

const en = {
  uah: 'UAH', uahMwh: 'UAH/MWh', mwh: 'MWh', of: 'of', daysWord: 'days', days: 'Days', generated: 'Generated',
  results: 'Results', settings: 'Settings', group: 'Group', field: 'Field', value: 'Value', date: 'Date', reason: 'Reason',
  provenance: 'Data provenance', source: 'Source', range: 'Range', freshness: 'Freshness', asRead: 'as read from the file when the report was made',
  gapCount: 'Days without prices in the range', gapsHeading: 'Days without prices', noGaps: 'None: every day of the range has prices.',
  gapReason: { dst: 'clock-change day (23 or 25 hours), left out', invalid: 'invalid rows, left out', absent: 'not in the source', no_prices: 'no prices (not scored)', no_real_d1: 'the day before has no prices (not scored)', no_real_d7: 'the week before has no prices (not scored)', history: 'too little history before it to forecast' },
  combined: 'Combined net PnL', strategy: 'Spread strategy', battery: 'Battery', average: 'Average per day', hitRate: 'Profitable days',
  trades: 'Trades', cycles: 'Battery cycles', maxDrawdown: 'Maximum drawdown', volatility: 'Volatility of daily PnL', bestDay: 'Best day', worstDay: 'Worst day',
  spreadCapture: 'Spread capture (sell − buy)', bessCapture: 'Battery capture (discharge − charge)', realisedOnForecast: 'Realised, plans on forecasts', captureRatio: 'Capture vs perfect foresight',
  equityCaption: 'Equity curve: cumulative combined PnL, with the drawdown from its running peak', equity: 'Cumulative PnL', drawdown: 'Drawdown', dateAxis: 'Date (DD.MM.YYYY)',
  profit: 'Combined PnL (green ≥ 0, vermillion < 0)', monthlyCaption: 'PnL by month', monthAxis: 'Month (MM.YYYY)',
  realised: 'Realised (plans on the p50 forecast)', perfect: 'Perfect foresight', captureCaption: 'Capture: plans on forecasts vs perfect foresight, by month',
  captureNote: 'Both plans chosen each day on the p50 forecast from the days before it, settled at the actual prices.',
  skippedForecast: (n: number, a: string, b: string) => `${n} days without enough history to forecast are left out (${a} – ${b}).`,
  heatCaption: 'Prices by day and hour', hourAxis: 'Hour', histogramCaption: 'Distribution of daily combined PnL', dailyPnlAxis: 'Daily PnL, UAH (bin from)',
  backtestTitle: 'Backtest', notForecast: 'A historical run on the supplied prices under your assumptions; not a forecast.',
  footer: 'svc · decision support for the Ukrainian day-ahead market · a report for human review; svc never places an order.',
  mae: 'MAE (model)', naiveMae: 'MAE (naive)', rmae: 'rMAE vs naive', rmse: 'RMSE', smape: 'sMAPE', coverage: 'Coverage of p10–p90', pinball: 'Pinball loss', scoredDays: 'Scored days',
  actual: 'Actual', p50: 'p50 forecast', band: 'p10–p90 band', model: 'Model', naive: 'Naive (d−1; d−7 on Mon/Sat/Sun)',
  fanCaption: 'Forecast fan with the actual prices', byHourCaption: 'Mean absolute error by hour of day', byMonthCaption: 'Mean absolute error by month', maeAxis: 'MAE, UAH/MWh',
  coverageByMonth: 'By month', forecastTitle: 'Forecast evaluation', forecastWarning: 'Rolling evaluation: each day forecast only from the days before it, then scored against its actual prices.',
  riskStatus: 'Risk checks', riskStatusText: { ready: 'ready', needsReview: 'needs review', blocked: 'blocked' }, gate: 'Action gate',
  spreadRealised: 'Spread: realised / perfect foresight', bessRealised: 'Battery: realised / perfect foresight',
  price: 'Price', maxCap: 'Price cap (max)', minCap: 'Price floor (min)', buy: 'Buy', sell: 'Sell', pricesCaption: 'Prices of the day, the regulator’s caps and the trades',
  charge: 'Charge', discharge: 'Discharge', chargeNeg: 'Charge (drawn, below zero)', soc: 'State of charge', batteryCaption: 'Battery schedule: energy from and to the grid per hour', socCaption: 'State of charge at the end of each hour',
  netSpread: 'Net spread', noTrades: 'No trade clears the settings: no pair of hours has a net spread above the minimum.',
  checkLabel: {} as Record<string, string>,
  check: 'Check', status: 'Status', detail: 'Detail', approvalRequired: 'required', checkStatus: { pass: 'pass', review: 'review', block: 'block' },
  drivers: 'Drivers', marketContext: 'Market context', checklist: 'Trader checklist', anomalies: 'Anomalies',
  dayTitle: 'Day report', capRegime: 'caps', humanReview: 'A plan for human review. svc never submits orders.', spreadPlan: 'Spread plan',
  spreadTotals: (vol: string, avg: string) => `Volume ${vol} MWh, average net spread ${avg} UAH/MWh.`, riskChecks: 'Risk checks', briefHeading: 'Brief',
};

export type Words = typeof en;

const uk: Words = {
  uah: 'грн', uahMwh: 'грн/МВт·год', mwh: 'МВт·год', of: 'з', daysWord: 'днів', days: 'Днів', generated: 'Створено',
  results: 'Результати', settings: 'Налаштування', group: 'Група', field: 'Поле', value: 'Значення', date: 'Дата', reason: 'Причина',
  provenance: 'Походження даних', source: 'Джерело', range: 'Період', freshness: 'Свіжість', asRead: 'як прочитано з файлу під час створення звіту',
  gapCount: 'Днів без цін у періоді', gapsHeading: 'Дні без цін', noGaps: 'Немає: кожен день періоду має ціни.',
  gapReason: { dst: 'день переходу часу (23 або 25 годин), пропущено', invalid: 'некоректні рядки, пропущено', absent: 'немає в джерелі', no_prices: 'немає цін (не оцінено)', no_real_d1: 'попередній день без цін (не оцінено)', no_real_d7: 'тиждень тому без цін (не оцінено)', history: 'замало історії для прогнозу' },
  combined: 'Сумарний чистий результат', strategy: 'Спред-стратегія', battery: 'УЗЕ', average: 'У середньому за добу', hitRate: 'Прибуткових днів',
  trades: 'Угод', cycles: 'Циклів УЗЕ', maxDrawdown: 'Максимальне просідання', volatility: 'Волатильність денного результату', bestDay: 'Найкращий день', worstDay: 'Найгірший день',
  spreadCapture: 'Захоплений спред (продаж − купівля)', bessCapture: 'Захоплений спред УЗЕ (розряд − заряд)', realisedOnForecast: 'Фактично, плани за прогнозом', captureRatio: 'Частка від ідеального передбачення',
  equityCaption: 'Крива капіталу: накопичений сумарний результат і просідання від попереднього максимуму', equity: 'Накопичений результат', drawdown: 'Просідання', dateAxis: 'Дата (ДД.ММ.РРРР)',
  profit: 'Сумарний результат (зелений ≥ 0, червоний < 0)', monthlyCaption: 'Результат за місяцями', monthAxis: 'Місяць (ММ.РРРР)',
  realised: 'Фактично (плани за прогнозом p50)', perfect: 'Ідеальне передбачення', captureCaption: 'Плани за прогнозом проти ідеального передбачення, за місяцями',
  captureNote: 'Обидва плани щодня складено за прогнозом p50 з попередніх днів і розраховано за фактичними цінами.',
  skippedForecast: (n: number, a: string, b: string) => `${n} днів без достатньої історії для прогнозу не враховано (${a} – ${b}).`,
  heatCaption: 'Ціни за днями і годинами', hourAxis: 'Година', histogramCaption: 'Розподіл денного сумарного результату', dailyPnlAxis: 'Денний результат, грн (початок інтервалу)',
  backtestTitle: 'Бектест', notForecast: 'Історичний прогін на наданих цінах за вашими припущеннями; це не прогноз.',
  footer: 'svc · підтримка рішень на ринку «на добу наперед» України · звіт для перевірки людиною; svc ніколи не подає заявок.',
  mae: 'MAE (модель)', naiveMae: 'MAE (наївний)', rmae: 'rMAE щодо наївного', rmse: 'RMSE', smape: 'sMAPE', coverage: 'Покриття p10–p90', pinball: 'Pinball-втрати', scoredDays: 'Оцінених днів',
  actual: 'Факт', p50: 'Прогноз p50', band: 'Смуга p10–p90', model: 'Модель', naive: 'Наївний (d−1; d−7 у пн/сб/нд)',
  fanCaption: 'Віяло прогнозу з фактичними цінами', byHourCaption: 'Середня абсолютна похибка за годинами доби', byMonthCaption: 'Середня абсолютна похибка за місяцями', maeAxis: 'MAE, грн/МВт·год',
  coverageByMonth: 'За місяцями', forecastTitle: 'Оцінка прогнозу', forecastWarning: 'Ковзна оцінка: кожен день прогнозується лише з попередніх днів і порівнюється з фактичними цінами.',
  riskStatus: 'Перевірки ризиків', riskStatusText: { ready: 'готово', needsReview: 'потребує перевірки', blocked: 'заблоковано' }, gate: 'Рішення',
  spreadRealised: 'Спред: фактично / ідеально', bessRealised: 'УЗЕ: фактично / ідеально',
  price: 'Ціна', maxCap: 'Граничне значення (макс.)', minCap: 'Граничне значення (мін.)', buy: 'Купівля', sell: 'Продаж', pricesCaption: 'Ціни доби, граничні ціни регулятора та угоди',
  charge: 'Заряд', discharge: 'Розряд', chargeNeg: 'Заряд (спожито, нижче нуля)', soc: 'Рівень заряду', batteryCaption: 'Графік УЗЕ: енергія з мережі та в мережу за годинами', socCaption: 'Рівень заряду в кінці кожної години',
  netSpread: 'Чистий спред', noTrades: 'Жодна угода не проходить за налаштуваннями: немає пари годин зі спредом вище мінімального.',
  checkLabel: { dataSource: 'Джерело даних', dataCoverage: 'Повнота даних', priceAnomaly: 'Цінові аномалії', tradeConcentration: 'Концентрація угод', cashExposure: 'Грошова експозиція', bessCycles: 'Цикли УЗЕ', humanApproval: 'Затвердження людиною' } as Record<string, string>,
  check: 'Перевірка', status: 'Стан', detail: 'Деталі', approvalRequired: 'обов’язкове', checkStatus: { pass: 'пройдено', review: 'перевірити', block: 'блок' },
  drivers: 'Чинники', marketContext: 'Ринковий контекст', checklist: 'Чек-лист трейдера', anomalies: 'Аномалії',
  dayTitle: 'Звіт за день', capRegime: 'граничні ціни', humanReview: 'План для перевірки людиною. svc ніколи не подає заявок.', spreadPlan: 'План спред-торгівлі',
  spreadTotals: (vol: string, avg: string) => `Обсяг ${vol} МВт·год, середній чистий спред ${avg} грн/МВт·год.`, riskChecks: 'Перевірки ризиків', briefHeading: 'Бриф',
};

export function words(lang: Lang): Words {
  return lang === 'uk' ? uk : en;
}
