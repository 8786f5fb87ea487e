// A family's forms, drawn from its fields as the server describes them (GET /api/limits'
// families): a whole number or a choice each, some shown only for some values of another, read
// back in the API's words. Play's set-up, Explore's and Compare's forms are all drawn so.
"use strict";

function field(f) {
  // One field: a whole number or a choice.
  const only = f.only ? ` data-only='${escape(JSON.stringify(f.only))}'` : "";
  const name = escape(f.name);
  const input = f.kind === "choice"
    ? `<select name="${name}">${f.choices.map((c) => `<option value="${escape(c.value)}" ${c.value === f.default ? "selected" : ""}>${escape(c.label)}</option>`).join("")}</select>`
    : `<input name="${name}" type="number" min="${f.min}" max="${f.max}" value="${f.default}">`;
  return `<label${only}>${escape(f.label)} ${input}</label>`;
}

function drawFields(form, fields) {
  // The family's fields in the form's place for them.
  form.querySelector(".game-fields").innerHTML = fields.map(field).join("");
  fieldsShown(form);
}

function fieldsShown(form) {
  // A field shown only for some values of another (a die for the one game of several that has it).
  const values = new FormData(form);
  form.querySelectorAll(".game-fields label[data-only]").forEach((label) => {
    const only = Object.entries(JSON.parse(label.dataset.only));
    label.hidden = !only.every(([name, accepted]) => accepted.map(String).includes(values.get(name)));
  });
}

function fieldValues(form, fields) {
  // The values of the fields shown, as the API takes them (whole numbers as numbers).
  const values = new FormData(form), given = {};
  for (const f of fields) {
    if (form.querySelector(`.game-fields [name="${f.name}"]`).closest("label").hidden) continue;
    given[f.name] = f.kind === "integer" ? Number(values.get(f.name)) : values.get(f.name);
  }
  return given;
}

for (const form of document.querySelectorAll("form")) form.addEventListener("change", () => fieldsShown(form));
