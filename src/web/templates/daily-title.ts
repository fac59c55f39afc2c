/** How today's note is titled: the person chooses one in Account. */
export const DAILY_TITLE_FORMATS = ['iso', 'day-month', 'month-day', 'weekday'] as const;
export type DailyTitleFormat = (typeof DAILY_TITLE_FORMATS)[number];

export function isDailyTitleFormat(value: unknown): value is DailyTitleFormat {
  return (DAILY_TITLE_FORMATS as readonly unknown[]).includes(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const WEEKDAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });

/** The date in the chosen format, in the device's own time zone: "today" is the person's day. */
export function dailyTitle(date: Date, format: DailyTitleFormat): string {
  switch (format) {
    case 'iso':
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    case 'day-month':
      return DAY_MONTH.format(date);
    case 'month-day':
      return MONTH_DAY.format(date);
    case 'weekday':
      return WEEKDAY.format(date);
  }
}

/** `{{time}}` in a template: the hour and minute, 24-hour. */
export function templateTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
