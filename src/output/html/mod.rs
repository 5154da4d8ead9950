//! The report as HTML: one self-contained page per Markdown page, under `reports/html/`.
//!
//! Each page is rendered from the Markdown the report already writes (so whatever a page says
//! in Markdown, its HTML says too), with:
//!
//! - the plots inline, as `data:` URIs (the SVG of a chart where the report wrote one beside
//!   the PNG the Markdown links, otherwise the file linked), so a page needs no other file;
//! - links between pages rewritten from `NAME.md` to `NAME.html` (`README.md` is
//!   `index.html`), other relative links (e.g. to `data/tables/*.csv`) pointed one folder up
//!   so they still reach the same file;
//! - headings given the ids GitHub gives them, so `page.md#anchor` links work in both;
//! - math (`$...$`, `$$...$$`, ```` ```math ```` blocks) as MathML ([`mathml`]), which
//!   browsers render without a script;
//! - one stylesheet in the page, and a content security policy that forbids loading anything
//!   from elsewhere (a page that tried would show a console error, which the browser test
//!   catches).
//!
//! The output is deterministic: the same Markdown and images give the same bytes.

pub mod mathml;

use mathml::{escape, to_mathml};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet};

/// Folder of the HTML pages, relative to `reports/`.
pub const HTML_DIR: &str = "html";

/// An image to inline: its media type and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// `image/svg+xml` or `image/png`.
    pub mime: &'static str,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// A page that could not be rendered (a formula outside the supported TeX, an image that is
/// not a file of the report).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{page}: {message}")]
pub struct HtmlError {
    /// The Markdown page, e.g. `classic.md`.
    pub page: String,
    /// What went wrong.
    pub message: String,
}

/// What a page needs to know of the rest of the report.
pub struct Site<'a> {
    /// The Markdown pages of the report (file names under `reports/`).
    pub pages: BTreeSet<String>,
    /// The image a page links (path relative to `reports/`, e.g. `plots/growth.png`), to
    /// inline; `None` if the report has no such file (the link is then kept, pointing one
    /// folder up, as the Markdown's own link would be broken too).
    pub image: &'a dyn Fn(&str) -> Option<Image>,
}

/// The HTML file name of a Markdown page: `README.md` is `index.html`, `x.md` is `x.html`.
///
/// ```
/// use hanoilab::output::html::html_name;
/// assert_eq!(html_name("README.md"), "index.html");
/// assert_eq!(html_name("classic.md"), "classic.html");
/// ```
pub fn html_name(markdown_page: &str) -> String {
    if markdown_page == "README.md" {
        return "index.html".into();
    }
    let stem = markdown_page.strip_suffix(".md").unwrap_or(markdown_page);
    format!("{stem}.html")
}

/// Renders every page of `pages` (Markdown by file name): HTML by file name.
pub fn render_site(
    pages: &BTreeMap<String, String>,
    image: &dyn Fn(&str) -> Option<Image>,
) -> Result<BTreeMap<String, String>, HtmlError> {
    let site = Site {
        pages: pages.keys().cloned().collect(),
        image,
    };
    pages
        .iter()
        .map(|(name, md)| Ok((html_name(name), render_page(name, md, &site)?)))
        .collect()
}

/// The id GitHub gives a heading: lower case, punctuation and symbols dropped (letters,
/// digits, `-` and `_` kept), each space a `-`.
///
/// ```
/// use hanoilab::output::html::heading_slug;
/// assert_eq!(heading_slug("Search: the true optimum"), "search-the-true-optimum");
/// assert_eq!(heading_slug("n = 2 (mod 4): order 21"), "n--2-mod-4-order-21");
/// assert_eq!(heading_slug("star.S"), "stars");
/// ```
pub fn heading_slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether a link has a scheme (`https:`, `mailto:`, `data:`): it is left as written.
fn has_scheme(url: &str) -> bool {
    match url.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        }
        None => false,
    }
}

/// A link of a Markdown page (relative to `reports/`) as the HTML page (in `reports/html/`)
/// must write it.
fn rewrite_link(url: &str, site: &Site) -> String {
    if url.is_empty() || url.starts_with('#') || url.starts_with('/') || has_scheme(url) {
        return url.to_string();
    }
    let (path, fragment) = match url.find(['#', '?']) {
        Some(i) => url.split_at(i),
        None => (url, ""),
    };
    let path = path.strip_prefix("./").unwrap_or(path);
    if site.pages.contains(path) {
        format!("{}{fragment}", html_name(path))
    } else {
        format!("../{path}{fragment}")
    }
}

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The plain text of a run of inline events (for heading ids and image alt text).
fn plain_text(events: &[Event]) -> String {
    let mut s = String::new();
    for e in events {
        match e {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                s.push_str(t)
            }
            Event::SoftBreak | Event::HardBreak => s.push(' '),
            _ => {}
        }
    }
    s
}

/// Index of the event that ends the element started at `start` (same nesting level).
fn end_of(events: &[Event], start: usize) -> usize {
    let mut depth = 0usize;
    for (i, e) in events.iter().enumerate().skip(start) {
        match e {
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    events.len() - 1
}

/// Gives table cells that hold a number alone (`1023`, `-3`, `0.5`) the class `num`, so
/// columns of counts line up at the right.
fn mark_numeric_cells(body: &str) -> String {
    let mut out = String::with_capacity(body.len() + body.len() / 16);
    let mut rest = body;
    while let Some(at) = rest.find("<td>") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let inner = &from[4..];
        let numeric = inner.find("</td>").is_some_and(|end| {
            let cell = &inner[..end];
            let digits = cell.strip_prefix('-').unwrap_or(cell);
            !digits.is_empty()
                && digits.starts_with(|c: char| c.is_ascii_digit())
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                && digits.matches('.').count() <= 1
        });
        out.push_str(if numeric {
            "<td class=\"num\">"
        } else {
            "<td>"
        });
        rest = inner;
    }
    out.push_str(rest);
    out
}

/// Renders one Markdown page `name` as a whole HTML document.
pub fn render_page(name: &str, markdown: &str, site: &Site) -> Result<String, HtmlError> {
    let fail = |message: String| HtmlError {
        page: name.to_string(),
        message,
    };
    let options = Options::ENABLE_TABLES | Options::ENABLE_MATH | Options::ENABLE_STRIKETHROUGH;
    let events: Vec<Event> = Parser::new_ext(markdown, options).collect();
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut used_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut title: Option<String> = None;
    // Second-level headings (id, text), for the page's table of contents.
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Start(Tag::Heading { level, .. }) => {
                let end = end_of(&events, i);
                let text = plain_text(&events[i + 1..end]);
                if title.is_none() && *level == pulldown_cmark::HeadingLevel::H1 {
                    title = Some(text.trim().to_string());
                }
                let base = heading_slug(&text);
                let n = used_ids.entry(base.clone()).or_insert(0);
                let id = if *n == 0 {
                    base.clone()
                } else {
                    format!("{base}-{n}")
                };
                *n += 1;
                if *level == pulldown_cmark::HeadingLevel::H2 {
                    sections.push((id.clone(), text.trim().to_string()));
                }
                out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: vec![],
                    attrs: vec![],
                }));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => out.push(Event::Start(Tag::Link {
                link_type: *link_type,
                dest_url: CowStr::from(rewrite_link(dest_url, site)),
                title: title.clone(),
                id: id.clone(),
            })),
            Event::Start(Tag::Image { dest_url, .. }) => {
                let end = end_of(&events, i);
                let alt = escape(&plain_text(&events[i + 1..end]));
                let src = if has_scheme(dest_url) && !dest_url.starts_with("data:") {
                    return Err(fail(format!(
                        "image `{dest_url}` is not a file of the report (pages are self-contained)"
                    )));
                } else if dest_url.starts_with("data:") {
                    dest_url.to_string()
                } else {
                    match (site.image)(dest_url) {
                        Some(img) => format!("data:{};base64,{}", img.mime, base64(&img.bytes)),
                        None => rewrite_link(dest_url, site),
                    }
                };
                out.push(Event::InlineHtml(CowStr::from(format!(
                    "<img class=\"plot\" src=\"{}\" alt=\"{alt}\">",
                    escape(&src)
                ))));
                i = end;
            }
            Event::InlineMath(tex) => out.push(Event::InlineHtml(CowStr::from(
                to_mathml(tex, false).map_err(|e| fail(e.to_string()))?,
            ))),
            Event::DisplayMath(tex) => out.push(Event::InlineHtml(CowStr::from(
                to_mathml(tex, true).map_err(|e| fail(e.to_string()))?,
            ))),
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) if &**lang == "math" => {
                let end = end_of(&events, i);
                let tex = plain_text(&events[i + 1..end]);
                let ml = to_mathml(&tex, true).map_err(|e| fail(e.to_string()))?;
                out.push(Event::Html(CowStr::from(format!(
                    "<div class=\"display-math\">{ml}</div>\n"
                ))));
                i = end;
            }
            // The report writes no HTML of its own: a tag in its Markdown is text quoted from
            // a source (a claim "from an HTML <TITLE>"), and as a tag it would swallow the
            // rest of the page. It is shown as written.
            Event::Html(raw) | Event::InlineHtml(raw) => out.push(Event::Text(raw.clone())),
            Event::Start(Tag::Table(_)) => {
                out.push(Event::Html(CowStr::from("<div class=\"table-wrap\">\n")));
                out.push(events[i].clone());
            }
            Event::End(TagEnd::Table) => {
                out.push(events[i].clone());
                out.push(Event::Html(CowStr::from("</div>\n")));
            }
            e => out.push(e.clone()),
        }
        i += 1;
    }
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, out.into_iter());
    let mut body = mark_numeric_cells(&body);
    // A long page opens with links to its sections, just before the first of them.
    if sections.len() >= 4 {
        if let Some(at) = body.find("<h2 ") {
            let links: Vec<String> = sections
                .iter()
                .map(|(id, text)| format!("<a href=\"#{}\">{}</a>", escape(id), escape(text)))
                .collect();
            body.insert_str(
                at,
                &format!(
                    "<nav class=\"toc\">On this page: {}</nav>\n",
                    links.join(" · ")
                ),
            );
        }
    }
    let title = title.unwrap_or_else(|| name.to_string());
    let index = html_name("README.md");
    let nav = if html_name(name) == index {
        String::new()
    } else {
        format!(
            "<nav><a href=\"{index}\">hanoilab report</a> › {}</nav>\n",
            escape(&title)
        )
    };
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n\
         <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n<style>\n{STYLE}</style>\n</head>\n<body>\n{nav}<main>\n{body}</main>\n\
         <footer>Generated by <code>hanoilab report</code> from <code>reports/{}</code>; do not edit by hand.</footer>\n\
         </body>\n</html>\n",
        escape(&title),
        escape(name),
    ))
}

/// The one stylesheet every page carries.
const STYLE: &str = include_str!("style.css");

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pages: &[&str]) -> BTreeSet<String> {
        pages.iter().map(|s| s.to_string()).collect()
    }

    fn no_images(_: &str) -> Option<Image> {
        None
    }

    #[test]
    fn only_cells_holding_a_number_alone_are_numeric() {
        assert_eq!(
            mark_numeric_cells(
                "<td>12</td><td>-3</td><td>0.5</td><td>1 2</td><td></td><td>x</td><td>1.2.3</td>"
            ),
            "<td class=\"num\">12</td><td class=\"num\">-3</td><td class=\"num\">0.5</td>\
             <td>1 2</td><td></td><td>x</td><td>1.2.3</td>"
        );
    }

    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn links_between_pages_become_html_and_others_point_one_folder_up() {
        let s = Site {
            pages: site(&["README.md", "classic.md"]),
            image: &no_images,
        };
        assert_eq!(rewrite_link("classic.md", &s), "classic.html");
        assert_eq!(rewrite_link("classic.md#counts", &s), "classic.html#counts");
        assert_eq!(rewrite_link("README.md", &s), "index.html");
        assert_eq!(
            rewrite_link("../data/tables/classic.csv", &s),
            "../../data/tables/classic.csv"
        );
        assert_eq!(rewrite_link("#rules", &s), "#rules");
        assert_eq!(
            rewrite_link("https://oeis.org/A000225", &s),
            "https://oeis.org/A000225"
        );
    }

    #[test]
    fn a_page_has_ids_inline_images_math_and_wrapped_tables() {
        let png = |p: &str| {
            (p == "plots/x.png").then(|| Image {
                mime: "image/png",
                bytes: b"foo".to_vec(),
            })
        };
        let s = Site {
            pages: site(&["README.md", "a.md"]),
            image: &png,
        };
        let md = "# Title `x`\n\n## Counts\n\n## Counts\n\nSee [a](a.md#counts) and $2^n$.\n\n\
                  $$\\frac{1}{2}$$\n\n```math\nx_1\n```\n\n| n | T |\n|---|---|\n| 1 | 1 |\n\n\
                  ![growth](plots/x.png)\n";
        let html = render_page("README.md", md, &s).unwrap();
        assert!(html.contains("<title>Title x</title>"), "{html}");
        assert!(html.contains("<h2 id=\"counts\">") && html.contains("<h2 id=\"counts-1\">"));
        assert!(html.contains("<a href=\"a.html#counts\">"));
        assert!(html.contains("<math><semantics><msup><mn>2</mn><mi>n</mi></msup>"));
        assert!(html.contains("<math display=\"block\"><semantics><mfrac>"));
        assert!(html.contains("<div class=\"display-math\"><math display=\"block\">"));
        assert!(html.contains("<div class=\"table-wrap\">\n<table>"));
        assert!(html.contains("<td class=\"num\">1</td>"));
        assert!(
            html.contains("<img class=\"plot\" src=\"data:image/png;base64,Zm9v\" alt=\"growth\">")
        );
        assert!(
            !html.contains("<nav>"),
            "the index has no way back to itself"
        );
        assert!(
            !html.contains("class=\"toc\""),
            "two sections: no table of contents"
        );
        let long = render_page("a.md", "# A\n\n## B\n\n## C `c`\n\n## D\n\n## E\n", &s).unwrap();
        assert!(long.contains(
            "<nav class=\"toc\">On this page: <a href=\"#b\">B</a> · <a href=\"#c-c\">C c</a> · \
             <a href=\"#d\">D</a> · <a href=\"#e\">E</a></nav>\n<h2 id=\"b\">"
        ));
        let other = render_page("a.md", "# A\n", &s).unwrap();
        assert!(other.contains("<nav><a href=\"index.html\">"));
        // Deterministic.
        assert_eq!(html, render_page("README.md", md, &s).unwrap());
    }

    #[test]
    fn tags_in_the_markdown_are_shown_as_text() {
        let s = Site {
            pages: site(&["a.md"]),
            image: &no_images,
        };
        let html = render_page(
            "a.md",
            "| claim | note |\n|---|---|\n| x | from an HTML <TITLE> |\n\n<b>bold</b>\n\n## After\n",
            &s,
        )
        .unwrap();
        assert!(html.contains("from an HTML &lt;TITLE&gt;"), "{html}");
        assert!(html.contains("&lt;b&gt;bold&lt;/b&gt;"), "{html}");
        assert!(html.contains("<h2 id=\"after\">"));
    }

    #[test]
    fn a_formula_block_on_lines_of_its_own_is_displayed() {
        // The shape the variant pages write: `$$`, the formula, `$$`, each on its own line.
        let s = Site {
            pages: site(&["a.md"]),
            image: &no_images,
        };
        let md = "Closed form:\n\n$$\n\\mathrm{T}(n) = \\left(\\tfrac{1}{2} + \\tfrac{1}{3}\\sqrt{3}\\right)\
                  \\left(1 + \\sqrt{3}\\right)^{n} - 1 \\qquad (n \\ge 1)\n$$\n\n\
                  $$\n\\sum_{n \\ge 0} \\mathrm{T}(n)\\,x^n = \\frac{x}{(1 - x)(1 - 2x)}\n$$\n";
        let html = render_page("a.md", md, &s).unwrap();
        assert_eq!(
            html.matches("<math display=\"block\">").count(),
            2,
            "{html}"
        );
        assert!(html.contains("<mi mathvariant=\"normal\">T</mi>"));
        assert!(!html.contains("$$"));
    }

    #[test]
    fn unsupported_math_and_remote_images_are_errors_naming_the_page() {
        let s = Site {
            pages: site(&["a.md"]),
            image: &no_images,
        };
        let e = render_page("a.md", "x $\\frob$ y\n", &s).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.md: TeX `\\frob`: unsupported command `\\frob`"
        );
        let e = render_page("a.md", "![p](https://example.org/p.png)\n", &s).unwrap_err();
        assert!(e.message.contains("not a file of the report"), "{e}");
        // A missing local image keeps its link (pointing out of html/), like the Markdown's.
        let html = render_page("a.md", "![p](plots/p.png)\n", &s).unwrap();
        assert!(html.contains("src=\"../plots/p.png\""));
    }
}
