import { Card, Col, Row } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from '@/i18n';
import type { ResolvedChart } from '@/schema/resolve/charts';
import { useTabState } from '@/runtime/tabs';
import { heldPermissions, holds } from '../permissions';
import { LinkButton } from '../ui/LinkButton';
import { SchemaChart } from './SchemaChart';

export interface ChartPanelProps {
  pageName: string;
  charts: ResolvedChart[];
  filters: Record<string, unknown>;
}

/**
 * The charts of a list page (page.charts) above its table, on the search form's filters. Charts whose
 * aggregate the user may not call are left out (the server refuses them anyway); the panel folds away,
 * remembered per tab.
 */
function ChartPanelBody({ pageName, charts, filters }: ChartPanelProps) {
  const { t } = useTranslation();
  const held = useMemo(() => heldPermissions(), []);
  const shown = charts.filter((c) => holds(held, c.def.permission));
  const [open, setOpen] = useTabState(`list:${pageName}:chartsOpen`, true);
  if (!shown.length) return null;
  return (
    <div className="fr-card fr-charts">
      <div className="fr-charts-head">
        <span>{t('charts.title')}</span>
        <LinkButton onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('common.collapse') : t('common.expand')}
        </LinkButton>
      </div>
      {open && (
        <Row gutter={[12, 12]}>
          {shown.map((c) => (
            <Col key={c.key} span={c.span}>
              <Card
                size="small"
                title={c.type === 'statistic' ? undefined : c.title}
                data-chart={c.aggregate}
              >
                <SchemaChart chart={c} filters={filters} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

export const ChartPanel = memo(ChartPanelBody);
