import { Button, InputNumber, Typography } from '@flotilla/shared/ui/semi';
import { CREDIT_LIMITS, useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { $settings, $settingsSaving, thresholdSubmitted } from '../recharge-center.model';

/** The tenant's low-balance threshold (admins): below it the navbar warns; 0 turns the warning off. */
export function ThresholdPanel() {
  const t = useT();
  const [settings, saving, submitted] = useUnit([$settings, $settingsSaving, thresholdSubmitted]);
  const [value, setValue] = useState<number | undefined>(settings?.lowBalanceThreshold);
  useEffect(() => setValue(settings?.lowBalanceThreshold), [settings]);
  const valid = value !== undefined && Number.isInteger(value) && value >= 0 && value <= CREDIT_LIMITS.thresholdMax;

  return (
    <Surface>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('users.recharge.threshold.title')}
      </Typography.Title>
      <Typography.Text type="tertiary" size="small">
        {t('users.recharge.threshold.hint')}
      </Typography.Text>
      <div className="flu-recharge__threshold">
        <InputNumber
          value={value}
          min={0}
          max={CREDIT_LIMITS.thresholdMax}
          precision={0}
          style={{ width: 160 }}
          aria-label={t('users.recharge.threshold.title')}
          onChange={(next) => setValue(next === '' ? undefined : Number(next))}
          data-testid="threshold"
        />
        <Button
          theme="solid"
          loading={saving}
          disabled={!valid || value === settings?.lowBalanceThreshold}
          onClick={() => value !== undefined && submitted(value)}
          data-testid="threshold-save"
        >
          {t('users.recharge.threshold.save')}
        </Button>
      </div>
    </Surface>
  );
}
