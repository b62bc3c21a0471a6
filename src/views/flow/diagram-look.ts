// The diagram in the console's colours: shapes take the theme's surface and text colours (so the dark theme draws
// light lines on a dark canvas), the path taken its success colour and the current step its primary colour.
import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

export const rendererColours = (token: Pick<GlobalToken, 'colorBgContainer' | 'colorText'>) => ({
  defaultFillColor: token.colorBgContainer,
  defaultStrokeColor: token.colorText,
  defaultLabelColor: token.colorText,
});

/** The colours `diagram.css` reads for the canvas, the markers and their legend, set on what holds them. */
export const diagramColours = (token: GlobalToken): CSSProperties =>
  ({
    '--flow-canvas': token.colorBgContainer,
    '--flow-border': token.colorBorder,
    '--flow-passed': token.colorSuccess,
    '--flow-current': token.colorPrimary,
    '--flow-current-fill': token.colorPrimaryBg,
  }) as CSSProperties;
