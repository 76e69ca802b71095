const express = require("express");

const app = express();

app.get("/api/hello", (req, res) => {
  res.json({ message: "hello" });
});

module.exports = app;

if (require.main === module) {
  app.listen(3000, () => console.log("listening on http://localhost:3000"));
}
