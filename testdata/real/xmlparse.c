/* An XML reader in the style of libxml2's SAX interface: a handler table
 * of callbacks, a node tree, attribute lookups that return pointers, a
 * version number kept as a double, and node creation through malloc.
 * The tree walks and checks are answered; the callbacks, the double and
 * the allocation are cut where they run. */
#include <stdlib.h>
#include <string.h>

typedef struct xmlAttr {
    const char *name;
    const char *value;
    struct xmlAttr *next;
} xmlAttr;

typedef struct xmlNode {
    int type;
    const char *name;
    struct xmlNode *children;
    struct xmlNode *next;
    struct xmlNode *parent;
    xmlAttr *properties;
    unsigned short line;
    unsigned short extra;
} xmlNode;

typedef struct xmlSAXHandler {
    void (*startElement)(void *ctx, const char *name, const char **atts);
    void (*endElement)(void *ctx, const char *name);
    void (*characters)(void *ctx, const char *ch, int len);
    void (*error)(void *ctx, const char *msg);
    unsigned initialized;
} xmlSAXHandler;

typedef struct xmlParserCtxt {
    xmlSAXHandler *sax;
    void *userData;
    xmlNode *node;
    int depth;
    int wellFormed;
    int errNo;
    double version;
    int options;
} xmlParserCtxt;

#define XML_ELEMENT_NODE 1
#define XML_TEXT_NODE 3
#define XML_PARSE_RECOVER 1
#define XML_MAX_DEPTH 256

xmlAttr *xmlHasProp(const xmlNode *node, const char *name);

int xml_child_count(const xmlNode *parent)
{
    const xmlNode *cur;
    int n = 0;
    if (parent == NULL || parent->type != XML_ELEMENT_NODE)
        return -1;
    for (cur = parent->children; cur != NULL && n < 4; cur = cur->next)
        if (cur->type == XML_ELEMENT_NODE)
            n++;
    return n;
}

int xml_is_blank_text(const xmlNode *node)
{
    if (node == NULL || node->type != XML_TEXT_NODE)
        return 0;
    if (node->children != NULL)
        return -1;
    return node->line == 0 ? 2 : 1;
}

int xml_push_depth(xmlParserCtxt *ctxt)
{
    if (ctxt->depth >= XML_MAX_DEPTH) {
        ctxt->errNo = 1;
        if ((ctxt->options & XML_PARSE_RECOVER) == 0)
            ctxt->wellFormed = 0;
        if (ctxt->sax != NULL && ctxt->sax->error != NULL)
            ctxt->sax->error(ctxt->userData, "depth");
        return -1;
    }
    ctxt->depth++;
    return ctxt->depth;
}

int xml_start(xmlParserCtxt *ctxt, const char *name)
{
    if (ctxt == NULL || name == NULL)
        return -1;
    if (!ctxt->wellFormed)
        return 0;
    if (ctxt->sax != NULL && ctxt->sax->initialized == 0xDEEDBEAF && ctxt->sax->startElement != NULL)
        ctxt->sax->startElement(ctxt->userData, name, NULL);
    return 1;
}

int xml_attr_is_set(const xmlNode *node, const char *name)
{
    xmlAttr *a = xmlHasProp(node, name);
    if (a == NULL)
        return 0;
    if (a->value == NULL)
        return 1;
    if (a->value[0] == '0' || a->value[0] == 'n')
        return 2;
    return 3;
}

int xml_version_ok(const xmlParserCtxt *ctxt)
{
    if (ctxt->options < 0)
        return -1;
    if (ctxt->version < 1.0 || ctxt->version >= 2.0)
        return 0;
    return 1;
}

xmlNode *xml_new_text(xmlNode *parent, unsigned short line)
{
    xmlNode *n;
    if (parent == NULL || parent->type != XML_ELEMENT_NODE)
        return NULL;
    n = malloc(sizeof *n);
    if (n == NULL)
        return NULL;
    memset(n, 0, sizeof *n);
    n->type = XML_TEXT_NODE;
    n->line = line;
    n->parent = parent;
    return n;
}
