import { Button, Input, IconPlus } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $tagChanging, $tagsCreated, tagCreateSubmitted } from '../robot-tags.model';
import { TAG_NAME_MAX } from './tag-name-max';

export function NewTagInput() {
  const t = useT();
  const [name, setName] = useState('');
  const { changing, created, submitted } = useUnit({
    changing: $tagChanging,
    created: $tagsCreated,
    submitted: tagCreateSubmitted,
  });
  // A created tag clears the input; a refused one keeps it for correcting.
  const [seen, setSeen] = useState(created);
  if (seen !== created) {
    setSeen(created);
    setName('');
  }
  const submit = () => {
    if (name.trim()) submitted(name);
  };
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        value={name}
        onChange={setName}
        onEnterPress={submit}
        maxLength={TAG_NAME_MAX}
        placeholder={t('robots.tags.newPlaceholder')}
        aria-label={t('robots.tags.newName')}
        style={{ flex: 1 }}
      />
      <Button icon={<IconPlus />} onClick={submit} disabled={!name.trim()} loading={changing}>
        {t('robots.tags.add')}
      </Button>
    </div>
  );
}
