import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { SchemaChart } from '@/renderer/charts/SchemaChart';
import { LinkButton } from '@/renderer/ui/LinkButton';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { HomeSectionData } from './home-api';

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
  const charts = useMemo(() => section.charts, [section.charts]);
  return (
    <Card title={section.title} data-home-charts={section.key}>
      <Row gutter={[12, 12]}>
        {charts.map((c) => (
          <Col key={c.key} xs={24} lg={c.span}>
            <Card
              size="small"
              title={c.type === 'statistic' ? undefined : c.title}
              data-chart={c.key}
              extra={
                c.link ? (
                  <LinkButton onClick={() => navigate(c.link!)} aria-label={`查看${c.title}明细`}>
                    明细
                  </LinkButton>
                ) : undefined
              }
            >
              <SchemaChart chart={c} filters={NO_FILTERS} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
