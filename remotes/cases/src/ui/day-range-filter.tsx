import { DatePicker } from '@flotilla/shared/ui/semi-forms';
import { daysToInstants, instantsToDays, type InstantRange } from '../lib/day-range';

type DayRangeFilterProps = {
  label: string;
  placeholders: [from: string, to: string];
  range: InstantRange | null;
  onChange: (range: InstantRange | null) => void;
};

/** A list's filter by calendar days, in the viewer's time zone, handed on as the instants the server takes. */
export function DayRangeFilter({ label, placeholders, range, onChange }: DayRangeFilterProps) {
  return (
    <DatePicker
      type="dateRange"
      density="compact"
      aria-label={label}
      placeholder={placeholders}
      value={range ? instantsToDays(range) : undefined}
      onChange={(value) => {
        if (!Array.isArray(value) || value.length !== 2) return onChange(null);
        const [first, last] = value.map((date) => new Date(date as Date | string));
        onChange(first && last ? daysToInstants(first, last) : null);
      }}
      onClear={() => onChange(null)}
      insetInput={false}
      style={{ width: '100%' }}
    />
  );
}
