// The whole antd icon set, behind this module so it is loaded only through `import()`: importing the package
// itself dynamically would keep every icon in the layout chunk, which imports a few icons statically.
import * as icons from '@ant-design/icons';

export default icons;
