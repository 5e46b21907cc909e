import { Button, Card, Typography } from '@flotilla/shared/ui/semi';
import { useT, type SceneTemplate } from '@flotilla/shared';

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: 16,
} as const;

/** The offered templates as cards, each with its description and a button to use it. */
export function TemplateCards({
  templates,
  onPick,
}: {
  templates: SceneTemplate[];
  onPick: (templateId: string) => void;
}) {
  const t = useT();
  return (
    <div style={grid} role="list" aria-label={t('robots.scenes.templates')}>
      {templates.map((template) => (
        <div role="listitem" key={template.id}>
          <Card
            title={template.name}
            style={{ height: '100%' }}
            bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 12 }}
          >
            <Typography.Text type="secondary">{template.description}</Typography.Text>
            <div>
              <Button
                theme="solid"
                type="primary"
                aria-label={t('robots.scenes.useTemplateNamed', { name: template.name })}
                onClick={() => onPick(template.id)}
              >
                {t('robots.scenes.useTemplate')}
              </Button>
            </div>
          </Card>
        </div>
      ))}
    </div>
  );
}
