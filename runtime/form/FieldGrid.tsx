// Lays the fields of a form out in two columns (880-pixel dialogs; one on a phone); long text, rich text and images take a full row,
// as does a registered widget that says so (`fullRow`, the process modeler).
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row } from 'antd';

const FULL_ROW = ['textarea', 'richText', 'imageUpload', 'dateRange'];

export function FieldGrid(props: ObjectFieldTemplateProps) {
  const ui = (props.uiSchema ?? {}) as Record<string, { 'ui:widget'?: string } | undefined>;
  const widgets = props.registry.widgets as Record<string, { fullRow?: boolean } | undefined>;
  const fullRow = (widget = '') => FULL_ROW.includes(widget) || widgets[widget]?.fullRow === true;
  return (
    <Row gutter={24}>
      {props.properties
        .filter((property) => !property.hidden)
        .map((property) => (
          // Below md (a phone) every field takes a full row.
          <Col key={property.name} xs={24} md={fullRow(ui[property.name]?.['ui:widget']) ? 24 : 12}>
            {property.content}
          </Col>
        ))}
      {props.properties
        .filter((property) => property.hidden)
        .map((property) => (
          <span key={property.name}>{property.content}</span>
        ))}
    </Row>
  );
}
