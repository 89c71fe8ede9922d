import { deadlineLocalizationKey } from '@claims/core/deadlines/deadline-format';
import { useText } from '../../stores/localization-store';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

/** Key Dates (/dates): the case's dates, deadlines written in the active culture. */
export function KeyDatesPage() {
  const t = useText();
  const { keyDates } = useSite().pages;
  const rows = keyDates.dates.map((row) => ({
    label: t(row.labelKey),
    value:
      row.deadline === undefined
        ? t(row.valueKey ?? '', '')
        : t(deadlineLocalizationKey(row.deadline, 'WeekdayLong'), ''),
  }));
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(keyDates.titleKey)}</h1>
      <ContentSections sections={keyDates.sections} />
      <dl className="key-dates">
        {rows
          .filter((row) => row.value !== '')
          .map((row, index) => (
            <div key={index} className="key-dates__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
