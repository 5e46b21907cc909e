import { useT } from '@flotilla/shared';
import { RadioGroup, Radio } from '@flotilla/shared/ui/semi';
import { DatePicker } from '@flotilla/shared/ui/semi-forms';
import { dateOf, dayOf, lastDays, RANGE_PRESETS, type DayRange } from '../lib/day-range';

/** Days between two calendar days, both counted. */
const spanOf = (range: DayRange) =>
  Math.round((dateOf(range.to).getTime() - dateOf(range.from).getTime()) / 86_400_000) + 1;

/** The charts' range: a date-range picker with the 7/30/90-day presets, also as buttons beside it. */
export function RangePicker({ range, onPick }: { range: DayRange; onPick: (range: DayRange) => void }) {
  const t = useT();
  const today = new Date();
  const preset = RANGE_PRESETS.find((days) => {
    const last = lastDays(days, today);
    return last.from === range.from && last.to === range.to;
  });
  return (
    <div className="flu-dashboard__range">
      <RadioGroup
        type="button"
        buttonSize="small"
        value={preset}
        aria-label={t('users.dashboard.charts.presets')}
        onChange={(event) => onPick(lastDays(Number(event.target.value), new Date()))}
      >
        {RANGE_PRESETS.map((days) => (
          <Radio key={days} value={days}>
            {t('users.dashboard.charts.preset', { days })}
          </Radio>
        ))}
      </RadioGroup>
      <DatePicker
        type="dateRange"
        density="compact"
        aria-label={t('users.dashboard.charts.range')}
        value={[dateOf(range.from), dateOf(range.to)]}
        disabledDate={(date) => date !== undefined && date.getTime() > today.getTime()}
        presets={RANGE_PRESETS.map((days) => {
          const last = lastDays(days, today);
          return { text: t('users.dashboard.charts.preset', { days }), start: dateOf(last.from), end: dateOf(last.to) };
        })}
        onChange={(value) => {
          if (!Array.isArray(value) || value.length !== 2) return;
          const [from, to] = value.map((date) => dayOf(new Date(date as Date | string)));
          if (from && to) onPick({ from, to });
        }}
        insetInput={false}
        style={{ maxWidth: '100%' }}
      />
      <span className="flu-dashboard__range-days">{t('users.dashboard.charts.days', { days: spanOf(range) })}</span>
    </div>
  );
}
