import { Button, Card, Col, Row } from 'antd';
import { useTranslation } from '@/i18n';
import { SchemaChart } from '@/renderer/charts/SchemaChart';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { HomeSectionData } from './home-api';
import styles from './home.module.css';

/** No search form on a home page: every figure is over the caller's whole scope. */
const NO_FILTERS: Record<string, unknown> = {};

/**
 * A `charts` section of the home file (a role's dashboard, issue 20.8): the figures the server says the
 * user may call, each fetched from its aggregate's route (permission and scope checked there again) and
 * drawn by the list pages' SchemaChart. A figure with a link has 明细, opening the list behind it.
 * Loaded as its own chunk with the first charts section (HomeSections), so ECharts and the enum
 * labels stay out of a home page without charts.
 */
export default function ChartsPanel({ section }: { section: HomeSectionData }) {
  const navigate = useHostNavigate();
  const { t } = useTranslation();
  const charts = section.charts;
  const more = (c: (typeof charts)[number]) =>
    c.link ? (
      <Button
        type="link"
        size="small"
        onClick={() => navigate(c.link!)}
        aria-label={t('home.detailsOf', { title: c.title })}
      >
        {t('home.details')}
      </Button>
    ) : undefined;
  return (
    <Card title={section.title} data-home-charts={section.key}>
      <Row gutter={[12, 12]}>
        {charts.map((c) => (
          <Col key={c.key} xs={24} lg={c.span}>
            <Card
              size="small"
              title={c.type === 'statistic' ? undefined : c.title}
              data-chart={c.key}
              className={styles.chartCard}
              extra={c.type === 'statistic' ? undefined : more(c)}
            >
              {c.type === 'statistic' && <span className={styles.chartMore}>{more(c)}</span>}
              <SchemaChart chart={c} filters={NO_FILTERS} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
