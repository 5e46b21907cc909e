import { useUnit } from 'effector-react';
import { Button, InputNumber, SideSheet, Space, Typography } from '@flotilla/shared/ui/semi';
import { $settings, settingsChanged, useT } from '@flotilla/shared';
import { $settingsDrawerOpen, copySettingsClicked, settingsDrawerClosed } from '../settings/settings.model';
import { ToggleRow, type Toggle } from './toggle-row';

/** The settings drawer: content toggles and menu width, then colour-weak; copy settings and close. */
const CONTENT_TOGGLES: Toggle[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer'];
const OTHER_TOGGLES: Toggle[] = ['colorWeak'];
export const MENU_WIDTH_LIMITS = { min: 160, max: 400, step: 10 } as const;

export function SettingsDrawer() {
  const t = useT();
  const { open, settings } = useUnit({ open: $settingsDrawerOpen, settings: $settings });
  return (
    <SideSheet
      title={t('shell.settings.title')}
      visible={open}
      width={320}
      onCancel={() => settingsDrawerClosed()}
      footer={
        <Space>
          <Button onClick={() => copySettingsClicked()} data-testid="settings-copy">
            {t('shell.settings.copy')}
          </Button>
          <Button theme="solid" type="primary" onClick={() => settingsDrawerClosed()} data-testid="settings-close">
            {t('shell.close')}
          </Button>
        </Space>
      }
    >
      <Typography.Title heading={6} className="fl-settings__heading">
        {t('shell.settings.content')}
      </Typography.Title>
      {CONTENT_TOGGLES.map((name) => (
        <ToggleRow key={name} name={name} />
      ))}
      <div className="fl-settings__row">
        <label htmlFor="fl-setting-menuWidth">{t('shell.settings.menuWidth')}</label>
        <InputNumber
          id="fl-setting-menuWidth"
          style={{ width: 110 }}
          min={MENU_WIDTH_LIMITS.min}
          max={MENU_WIDTH_LIMITS.max}
          step={MENU_WIDTH_LIMITS.step}
          value={settings.menuWidth}
          onNumberChange={(value) => {
            if (Number.isFinite(value)) settingsChanged({ menuWidth: value });
          }}
          data-testid="setting-menuWidth"
        />
      </div>
      <Typography.Title heading={6} className="fl-settings__heading">
        {t('shell.settings.other')}
      </Typography.Title>
      {OTHER_TOGGLES.map((name) => (
        <ToggleRow key={name} name={name} />
      ))}
    </SideSheet>
  );
}
