// A link to copy (the share page): focusing the box selects all of it, ready for "Copy".
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("input[data-select-on-focus]")) event.target.select();
});
