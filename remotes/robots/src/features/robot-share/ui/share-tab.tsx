import { SaveFailedBanner } from '@flotilla/shared/ui';
import { Button, Input, Switch, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import { DEFAULT_THEME_COLOR, SHARE_LIMITS, useT, type ShareSettings, type UpdateShareBody } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { copyText } from '../../../lib/copy-text';
import { useRobotOpened, type RobotRef } from '../../../lib/robot-ref';
import { TabLoadFailed } from '../../../ui/tab-load-failed';
import { TabLoading } from '../../../ui/tab-loading';
import {
  $share,
  $shareLoadCount,
  $shareLoadFailure,
  $shareSaveFailure,
  $shareSaving,
  $shareStatus,
  $shareSwitchFailure,
  $shareSwitching,
  shareEnabledToggled,
  shareOpened,
  shareRetryClicked,
  shareSubmitted,
} from '../robot-share.model';

type ShareForm = {
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  themeColor: string;
};

/** The same patterns the server checks (contracts' UpdateShareBodySchema). */
const ORIGIN = /^https?:\/\/[^/\s]+$/;
const THEME_COLOR = /^#[0-9A-Fa-f]{6}$/;
const ORIGIN_MAX_LENGTH = 200;

/** Where the public chat of a share lives, on this console's origin. */
export function shareLink(shareId: string): string {
  return `${location.origin}/chat/${encodeURIComponent(shareId)}`;
}

function toForm(share: ShareSettings): ShareForm {
  return {
    allowedOrigins: share.allowedOrigins,
    rateLimitPerMinute: share.rateLimitPerMinute,
    expiresAt: share.expiresAt ? new Date(share.expiresAt) : null,
    themeColor: share.themeColor,
  };
}

function toBody(values: Partial<ShareForm>): UpdateShareBody {
  const expiresAt = values.expiresAt;
  return {
    allowedOrigins: (values.allowedOrigins ?? []).map((origin) => origin.trim()),
    ...(typeof values.rateLimitPerMinute === 'number' ? { rateLimitPerMinute: values.rateLimitPerMinute } : {}),
    expiresAt: expiresAt instanceof Date && !Number.isNaN(expiresAt.getTime()) ? expiresAt.toISOString() : null,
    ...(values.themeColor ? { themeColor: values.themeColor.trim() } : {}),
  };
}

/** The "Share" tab: the share on or off, its link to copy, and who may embed it how often until when. */
export function ShareTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const m = useUnit({
    share: $share,
    status: $shareStatus,
    loadFailure: $shareLoadFailure,
    saveFailure: $shareSaveFailure,
    switchFailure: $shareSwitchFailure,
    saving: $shareSaving,
    switching: $shareSwitching,
    loadCount: $shareLoadCount,
    opened: shareOpened,
    retried: shareRetryClicked,
    submitted: shareSubmitted,
    toggled: shareEnabledToggled,
  });
  useRobotOpened(m.opened, robot);
  const { processId } = robot;

  if (m.status === 'error') return <TabLoadFailed failure={m.loadFailure} onRetry={m.retried} />;
  if (!m.share) return <TabLoading />;

  const link = shareLink(m.share.shareId);
  const copy = () => copyText(link, 'robots.share.copied', 'robots.share.copyFailed');
  const { min: rateMin, max: rateMax } = SHARE_LIMITS.rateLimitPerMinute;

  return (
    <div style={{ maxWidth: 760 }}>
      <SaveFailedBanner failure={m.switchFailure} title={t('robots.share.switchFailed')} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Switch
          aria-labelledby="robots-share-enabled"
          checked={m.share.enabled}
          loading={m.switching}
          disabled={m.switching}
          onChange={(checked) => m.toggled(checked)}
        />
        <Typography.Text id="robots-share-enabled" strong>
          {t('robots.share.enabled')}
        </Typography.Text>
      </div>
      <Typography.Text type="tertiary" size="small">
        {t(m.share.enabled ? 'robots.share.enabledHint' : 'robots.share.disabledHint')}
      </Typography.Text>
      <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
        <Input readonly value={link} aria-label={t('robots.share.link')} style={{ flex: 1 }} />
        <Button icon={<IconCopy />} onClick={copy}>
          {t('robots.share.copy')}
        </Button>
      </div>

      <SaveFailedBanner failure={m.saveFailure} title={t('robots.share.saveFailed')} />
      <Form<ShareForm>
        key={`${processId}:${m.loadCount}`}
        initValues={toForm(m.share)}
        onSubmit={(values) => m.submitted(toBody(values))}
        labelPosition="top"
        style={{ marginTop: 16 }}
      >
        <Form.TagInput
          field="allowedOrigins"
          label={t('robots.share.allowedOrigins')}
          extraText={t('robots.share.allowedOriginsHint')}
          placeholder={t('robots.share.allowedOriginsPlaceholder')}
          addOnBlur
          allowDuplicates={false}
          maxTagCount={SHARE_LIMITS.allowedOrigins}
          style={{ width: '100%' }}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) =>
                !Array.isArray(value) ||
                (value.length <= SHARE_LIMITS.allowedOrigins &&
                  value.every(
                    (origin) =>
                      typeof origin === 'string' && origin.length <= ORIGIN_MAX_LENGTH && ORIGIN.test(origin.trim()),
                  )),
              message: t('robots.share.allowedOriginsInvalid', { max: SHARE_LIMITS.allowedOrigins }),
            },
          ]}
        />
        <Form.InputNumber
          field="rateLimitPerMinute"
          label={t('robots.share.rateLimit')}
          min={rateMin}
          max={rateMax}
          precision={0}
          style={{ width: 200 }}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) =>
                typeof value === 'number' && Number.isInteger(value) && value >= rateMin && value <= rateMax,
              message: t('robots.share.rateLimitRange', { min: rateMin, max: rateMax }),
            },
          ]}
        />
        <Form.DatePicker
          field="expiresAt"
          label={t('robots.share.expiresAt')}
          extraText={t('robots.share.expiresAtHint')}
          type="dateTime"
          showClear
          placeholder={t('robots.share.never')}
          style={{ width: 260 }}
        />
        <Form.Input
          field="themeColor"
          label={t('robots.share.themeColor')}
          placeholder={DEFAULT_THEME_COLOR}
          style={{ width: 200 }}
          prefix={
            <span
              style={{
                display: 'inline-block',
                width: 14,
                height: 14,
                marginLeft: 8,
                borderRadius: 3,
                background: m.share.themeColor,
              }}
            />
          }
          rules={[
            { pattern: THEME_COLOR, message: t('robots.share.themeColorInvalid', { example: DEFAULT_THEME_COLOR }) },
          ]}
        />
        <Button htmlType="submit" theme="solid" type="primary" loading={m.saving} style={{ marginTop: 12 }}>
          {t('robots.share.save')}
        </Button>
      </Form>
    </div>
  );
}
