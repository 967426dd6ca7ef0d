"""Prints a workbook as JSON, read by openpyxl (a reader independent of the writer): for every sheet
its cells with their value (strings with OOXML's _xHHHH_ escapes decoded), openpyxl's type ('n' number, 's' string, 'd' date, 'f' formula) and number
format, the frozen panes, column widths, and which cells are bold; and the document properties.

Usage: read_xlsx.py FILE.xlsx
"""
import json
import sys

import openpyxl
from openpyxl.utils.escape import unescape


def cell_value(cell):
    if cell.data_type == "d":
        return cell.value.isoformat()
    if cell.data_type == "s":
        # OOXML writes controls such as CR as _x000D_ in strings; openpyxl leaves them as they are.
        return unescape(cell.value)
    return cell.value


def main():
    workbook = openpyxl.load_workbook(sys.argv[1])
    sheets = []
    for sheet in workbook.worksheets:
        rows = []
        bold = []
        for row in sheet.iter_rows():
            cells = []
            for cell in row:
                cells.append({"value": cell_value(cell), "type": cell.data_type, "format": cell.number_format})
                if cell.font is not None and cell.font.b:
                    bold.append(cell.coordinate)
            rows.append(cells)
        widths = {key: dim.width for key, dim in sheet.column_dimensions.items()}
        sheets.append({"name": sheet.title, "rows": rows, "freeze": sheet.freeze_panes, "bold": bold,
                       "widths": widths})
    created = workbook.properties.created
    print(json.dumps({"sheets": sheets, "title": workbook.properties.title,
                      "created": created.isoformat() if created else None}, ensure_ascii=False))


if __name__ == "__main__":
    main()
