//! A table that flows over pages: its column headings are repeated on every page it continues
//! on, and long cells wrap onto more lines instead of being cut.

use genpdf::error::Error;
use genpdf::style::{Color, Style};
use genpdf::{render, Context, Element, Mm, Position, RenderResult, Size};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

pub struct Column {
    title: String,
    weight: usize,
    align: Align,
}

impl Column {
    pub fn new(title: &str, weight: usize, align: Align) -> Self {
        Self { title: title.to_owned(), weight, align }
    }
}

struct Row {
    cells: Vec<String>,
    colour: Option<Color>,
    cell_colour: Option<(usize, Color)>,
}

pub struct Table {
    columns: Vec<Column>,
    rows: Vec<Row>,
    header: bool,
    next: usize,
}

const PAD: f64 = 1.2;

impl Table {
    pub fn new(columns: Vec<Column>) -> Self {
        Self { columns, rows: vec![], header: true, next: 0 }
    }

    pub fn without_header(mut self) -> Self {
        self.header = false;
        self
    }

    pub fn row(self, cells: Vec<String>) -> Self {
        self.row_styled(cells, None)
    }

    pub fn row_styled(mut self, cells: Vec<String>, colour: Option<Color>) -> Self {
        self.rows.push(Row { cells, colour, cell_colour: None });
        self
    }

    pub fn row_with_cell_colour(mut self, cells: Vec<String>, column: usize, colour: Color) -> Self {
        self.rows.push(Row { cells, colour: None, cell_colour: Some((column, colour)) });
        self
    }

    fn widths(&self, total: Mm) -> Vec<Mm> {
        let sum: usize = self.columns.iter().map(|c| c.weight).sum();
        self.columns.iter().map(|c| total * (c.weight as f64 / sum as f64)).collect()
    }

    /// Prints one row of cells at `y`; returns its height.
    fn print_row(
        &self,
        context: &Context,
        area: &render::Area<'_>,
        y: Mm,
        lines: &[Vec<String>],
        styles: &[Style],
    ) -> Result<Mm, Error> {
        let widths = self.widths(area.size().width);
        let mut x = Mm::from(0);
        let mut height = Mm::from(0);
        for (i, column) in self.columns.iter().enumerate() {
            let style = styles[i];
            let line_height = style.line_height(&context.font_cache);
            let mut cy = y + Mm::from(PAD);
            for line in &lines[i] {
                let text_width = style.str_width(&context.font_cache, line);
                let lx = match column.align {
                    Align::Left => x + Mm::from(PAD),
                    Align::Right => x + widths[i] - text_width - Mm::from(PAD),
                };
                area.print_str(&context.font_cache, Position::new(lx, cy), style, line)?;
                cy += line_height;
            }
            height = height.max(cy - y + Mm::from(PAD));
            x += widths[i];
        }
        Ok(height)
    }

    fn row_height(&self, context: &Context, lines: &[Vec<String>], styles: &[Style]) -> Mm {
        lines
            .iter()
            .zip(styles)
            .map(|(l, s)| s.line_height(&context.font_cache) * l.len().max(1) as f64 + Mm::from(2.0 * PAD))
            .fold(Mm::from(0), Mm::max)
    }

    fn wrap_row(&self, context: &Context, width: Mm, cells: &[String], styles: &[Style]) -> Vec<Vec<String>> {
        let widths = self.widths(width);
        cells
            .iter()
            .enumerate()
            .map(|(i, cell)| wrap(context, styles[i], cell, widths[i] - Mm::from(2.0 * PAD)))
            .collect()
    }
}

/// Breaks text into lines no wider than `width`, at spaces, or inside a word that alone is wider.
fn wrap(context: &Context, style: Style, text: &str, width: Mm) -> Vec<String> {
    let fits = |s: &str| style.str_width(&context.font_cache, s) <= width;
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_owned() } else { format!("{current} {word}") };
        if fits(&candidate) {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        let mut piece = String::new();
        for c in word.chars() {
            piece.push(c);
            if !fits(&piece) && piece.chars().count() > 1 {
                piece.pop();
                lines.push(std::mem::take(&mut piece));
                piece.push(c);
            }
        }
        current = piece;
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

impl Element for Table {
    fn render(&mut self, context: &Context, area: render::Area<'_>, style: Style) -> Result<RenderResult, Error> {
        let width = area.size().width;
        let available = area.size().height;
        let base: Vec<Style> = self.columns.iter().map(|_| style).collect();
        let header_style: Vec<Style> =
            self.columns.iter().map(|_| style.bold().with_color(Color::Rgb(60, 60, 60))).collect();
        let header_cells: Vec<String> = self.columns.iter().map(|c| c.title.clone()).collect();
        let header_lines = self.wrap_row(context, width, &header_cells, &header_style);
        let header_height =
            if self.header { self.row_height(context, &header_lines, &header_style) } else { Mm::from(0) };

        // Nothing is drawn unless the header and at least one row fit here.
        if let Some(first) = self.rows.get(self.next) {
            let styles = row_styles(first, &base);
            let lines = self.wrap_row(context, width, &first.cells, &styles);
            if header_height + self.row_height(context, &lines, &styles) > available {
                return Ok(RenderResult { size: Size::new(0, 0), has_more: true });
            }
        }

        let rule = Style::new().with_color(Color::Rgb(200, 200, 200));
        let mut y = Mm::from(0);
        if self.header {
            y += self.print_row(context, &area, y, &header_lines, &header_style)?;
            area.draw_line(
                vec![Position::new(0, y), Position::new(width, y)],
                Style::new().with_color(Color::Rgb(120, 120, 120)),
            );
        }
        while let Some(row) = self.rows.get(self.next) {
            let styles = row_styles(row, &base);
            let lines = self.wrap_row(context, width, &row.cells, &styles);
            if y + self.row_height(context, &lines, &styles) > available {
                break;
            }
            y += self.print_row(context, &area, y, &lines, &styles)?;
            area.draw_line(vec![Position::new(0, y), Position::new(width, y)], rule);
            self.next += 1;
        }
        Ok(RenderResult { size: Size::new(width, y), has_more: self.next < self.rows.len() })
    }
}

fn row_styles(row: &Row, base: &[Style]) -> Vec<Style> {
    base.iter()
        .enumerate()
        .map(|(i, s)| {
            let mut s = *s;
            if let Some(c) = row.colour {
                s = s.bold().with_color(c);
            }
            if let Some((col, c)) = row.cell_colour {
                if col == i {
                    s = s.with_color(c);
                }
            }
            s
        })
        .collect()
}
