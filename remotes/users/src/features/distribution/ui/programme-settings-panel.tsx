import { Button, InputNumber, Select, Switch, Typography } from '@flotilla/shared/ui/semi';
import { REFERRAL_LIMITS, REFERRAL_ROLES, useT, type ReferralRole, type ReferralSettings } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { $settings, $settingsSaving, settingsSubmitted } from '../distribution.model';

const isReward = (value: number | undefined): value is number =>
  value !== undefined && Number.isInteger(value) && value >= 0 && value <= REFERRAL_LIMITS.rewardMax;

/**
 * The tenant's programme (admins): on or off, the credits each side gets, the role of a new user, and whether
 * registering needs a code sent to the phone.
 */
export function ProgrammeSettingsPanel() {
  const t = useT();
  const [settings, saving, submitted] = useUnit([$settings, $settingsSaving, settingsSubmitted]);
  const [draft, setDraft] = useState<Partial<ReferralSettings>>({});
  useEffect(() => setDraft(settings ?? {}), [settings]);
  const { enabled, referrerReward, refereeReward, newUserRole, requirePhoneCode = false } = draft;
  const complete =
    enabled !== undefined && isReward(referrerReward) && isReward(refereeReward) && newUserRole !== undefined;
  const changed =
    settings !== null &&
    (enabled !== settings.enabled ||
      referrerReward !== settings.referrerReward ||
      refereeReward !== settings.refereeReward ||
      newUserRole !== settings.newUserRole ||
      requirePhoneCode !== (settings.requirePhoneCode ?? false));
  const reward = (value: number | string) => (value === '' ? undefined : Number(value));

  return (
    <Surface>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('users.referrals.settings.title')}
      </Typography.Title>
      <div className="flu-referrals__settings">
        <label htmlFor="flu-referrals-enabled">{t('users.referrals.settings.enabled')}</label>
        <Switch
          id="flu-referrals-enabled"
          checked={enabled ?? false}
          disabled={!settings}
          aria-label={t('users.referrals.settings.enabled')}
          onChange={(checked) => setDraft((current) => ({ ...current, enabled: checked }))}
          data-testid="referral-enabled"
        />
        <label htmlFor="flu-referrals-referrer">{t('users.referrals.settings.referrerReward')}</label>
        <InputNumber
          id="flu-referrals-referrer"
          value={referrerReward}
          min={0}
          max={REFERRAL_LIMITS.rewardMax}
          precision={0}
          className="flu-referrals__control"
          aria-label={t('users.referrals.settings.referrerReward')}
          onChange={(value) => setDraft((current) => ({ ...current, referrerReward: reward(value) }))}
          data-testid="referrer-reward"
        />
        <label htmlFor="flu-referrals-referee">{t('users.referrals.settings.refereeReward')}</label>
        <InputNumber
          id="flu-referrals-referee"
          value={refereeReward}
          min={0}
          max={REFERRAL_LIMITS.rewardMax}
          precision={0}
          className="flu-referrals__control"
          aria-label={t('users.referrals.settings.refereeReward')}
          onChange={(value) => setDraft((current) => ({ ...current, refereeReward: reward(value) }))}
          data-testid="referee-reward"
        />
        <label htmlFor="flu-referrals-role">{t('users.referrals.settings.newUserRole')}</label>
        <Select
          id="flu-referrals-role"
          value={newUserRole}
          className="flu-referrals__control"
          aria-label={t('users.referrals.settings.newUserRole')}
          optionList={REFERRAL_ROLES.map((role) => ({ value: role, label: t(`users.referrals.role.${role}`) }))}
          onChange={(value) => setDraft((current) => ({ ...current, newUserRole: value as ReferralRole }))}
          data-testid="new-user-role"
        />
        <div>
          <label htmlFor="flu-referrals-phone-code">{t('users.referrals.settings.requirePhoneCode')}</label>
          <div id="flu-referrals-phone-code-help" className="flu-referrals__muted flu-referrals__help">
            {t('users.referrals.settings.requirePhoneCodeHelp')}
          </div>
        </div>
        <Switch
          id="flu-referrals-phone-code"
          checked={requirePhoneCode}
          disabled={!settings}
          aria-label={t('users.referrals.settings.requirePhoneCode')}
          aria-describedby="flu-referrals-phone-code-help"
          onChange={(checked) => setDraft((current) => ({ ...current, requirePhoneCode: checked }))}
          data-testid="require-phone-code"
        />
      </div>
      <div>
        <Button
          theme="solid"
          loading={saving}
          disabled={!complete || !changed}
          onClick={() =>
            complete &&
            submitted({
              enabled,
              referrerReward,
              refereeReward,
              newUserRole: newUserRole as ReferralRole,
              requirePhoneCode,
            })
          }
          data-testid="referral-settings-save"
        >
          {t('users.referrals.settings.save')}
        </Button>
      </div>
    </Surface>
  );
}
