import { $user, useT } from '@flotilla/shared';
import { LabelledSelect, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import {
  $userOptions,
  $userOptionsLoading,
  $viewedUserId,
  userSearchTyped,
  viewedUserChosen,
} from '../recharge-center.model';

/** An admin's choice of whose balance and ledger the page shows (searched on the server by name). */
export function ViewedUserPicker() {
  const t = useT();
  const [options, loading, viewedId, me, searched, chosen] = useUnit([
    $userOptions,
    $userOptionsLoading,
    $viewedUserId,
    $user,
    userSearchTyped,
    viewedUserChosen,
  ]);
  const optionList = options.map((option) => ({ value: option.id, label: option.name }));
  if (me && !options.some((option) => option.id === me.id))
    optionList.unshift({ value: me.id, label: me.nickname || me.username });
  return (
    <Surface>
      <div className="flu-recharge__field">
        <span className="flu-recharge__muted" aria-hidden="true">
          {t('users.recharge.viewing')}
        </span>
        <LabelledSelect
          label={t('users.recharge.viewing')}
          className="flu-recharge__picker"
          value={viewedId ?? undefined}
          filter
          motion={false}
          remote
          loading={loading}
          onSearch={(keyword: string) => searched(keyword)}
          onChange={(value) => chosen(value === me?.id ? null : (value as string))}
          optionList={optionList}
          data-testid="viewed-user"
        />
      </div>
    </Surface>
  );
}
