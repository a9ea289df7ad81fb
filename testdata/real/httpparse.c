/* An HTTP parser in the style of http-parser: bit-field flags and
 * lengths, a settings table of callbacks, a state machine. The state and
 * counters are answered; the bit-fields and the callbacks are cut where
 * they are read or called. */
#include <stddef.h>

struct http_parser;
typedef int (*http_data_cb)(struct http_parser *, const char *at, size_t length);
typedef int (*http_cb)(struct http_parser *);

struct http_parser_settings {
    http_cb on_message_begin;
    http_data_cb on_url;
    http_data_cb on_header_field;
    http_cb on_headers_complete;
    http_data_cb on_body;
    http_cb on_message_complete;
};

struct http_parser {
    unsigned int type : 2;
    unsigned int flags : 8;
    unsigned int state : 7;
    unsigned int header_state : 7;
    unsigned int index : 5;
    unsigned int lenient_http_headers : 1;
    unsigned int nread;
    unsigned long long content_length;
    unsigned short http_major;
    unsigned short http_minor;
    unsigned int status_code : 16;
    unsigned int method : 8;
    unsigned int http_errno : 7;
    unsigned int upgrade : 1;
    void *data;
};

enum { HPE_OK, HPE_CB_message_begin, HPE_INVALID_VERSION, HPE_HEADER_OVERFLOW };

int http_should_keep_alive(const struct http_parser *parser)
{
    if (parser->http_major > 0 && parser->http_minor > 0)
        return parser->content_length != 0;
    if (parser->http_major == 0 && parser->http_minor == 9)
        return 0;
    return 1;
}

int http_check_version(const struct http_parser *parser)
{
    if (parser->http_major > 999 || parser->http_minor > 999)
        return HPE_INVALID_VERSION;
    if (parser->http_major == 1 && parser->http_minor > 1)
        return 1;
    return HPE_OK;
}

int http_count_header(struct http_parser *parser, size_t len, size_t max)
{
    if (len > max)
        return HPE_HEADER_OVERFLOW;
    if (parser->nread > max - len)
        return HPE_HEADER_OVERFLOW;
    parser->nread += (unsigned)len;
    return HPE_OK;
}

int http_body_is_final(const struct http_parser *parser)
{
    if (parser->content_length == 0)
        return 1;
    if (parser->upgrade)
        return 2;
    return 0;
}

int http_message_begin(struct http_parser *parser, const struct http_parser_settings *settings)
{
    if (settings == NULL)
        return HPE_OK;
    if (settings->on_message_begin == NULL)
        return HPE_OK;
    if (settings->on_message_begin(parser) != 0)
        return HPE_CB_message_begin;
    return HPE_OK;
}
